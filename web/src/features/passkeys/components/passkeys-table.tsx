import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '#contract/passkeys';
import { ConfirmButton } from '#web/components/ui/confirm-button';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { Notice } from '#web/components/ui/notice';
import { isApiError } from '#web/lib/api-error';
import { passkeyKeys, revokePasskey } from '#web/shared/passkeys/passkeys-api';

function RevokeButton({ passkey }: { passkey: Passkey }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokePasskey(passkey.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
  return (
    <>
      <ConfirmButton
        label={`Revoke ${passkey.name}`}
        question="Revoke it? It will sign nothing more."
        confirmLabel="Yes, revoke it"
        keepLabel="Keep it"
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
      {revoke.isError && (
        <Notice tone="danger" role="alert" title="Not revoked">
          {isApiError(revoke.error) ? revoke.error.problem.detail : revoke.error.message}
        </Notice>
      )}
    </>
  );
}

const COLUMNS: readonly DataTableColumn<Passkey>[] = [
  { key: 'name', header: 'Name', cell: (key) => key.name },
  {
    key: 'created',
    header: 'Enrolled',
    className: 'nowrap',
    cell: (key) => <DateTime value={key.created_at} />,
  },
  {
    key: 'used',
    header: 'Last signed',
    className: 'nowrap',
    cell: (key) => (key.last_used_at ? <DateTime value={key.last_used_at} /> : 'never'),
  },
  {
    key: 'id',
    header: 'Key id',
    cell: (key) => (
      <span className="mono small" title={key.id}>
        {key.id.slice(0, 12)}…
      </span>
    ),
  },
  { key: 'revoke', header: 'Revoke', cell: (key) => <RevokeButton passkey={key} /> },
];

/** Passkeys (the operator's own, or another's for a passkey admin), each revocable in two clicks. */
export function PasskeysTable({
  passkeys,
  caption = 'Your passkeys',
  empty = 'No passkey yet: your decisions cannot be signed.',
}: {
  passkeys: readonly Passkey[];
  caption?: string;
  empty?: string;
}) {
  if (passkeys.length === 0) return <p className="muted">{empty}</p>;
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={COLUMNS}
      rows={passkeys}
      rowKey={(key) => key.id}
    />
  );
}
