import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { TextField } from '#web/components/ui/text-field';
import { isApiError } from '#web/lib/api-error';
import { enrolPasskey, passkeyKeys } from '#web/shared/passkeys/passkeys-api';

/** What a failed enrolment says: the BFF's problem, or the browser's refusal in words. */
function failure(error: Error): string {
  if (isApiError(error)) return error.problem.detail ?? error.problem.title;
  if (error.name === 'NotAllowedError')
    return 'The browser or the key did not complete the enrolment (cancelled, or timed out).';
  return error.message;
}

/**
 * Enrols a passkey of this browser's (a platform authenticator or a security key, user
 * verification required), named so each vote can say which key signed it. One click with the
 * name offered.
 */
export function EnrolPasskeyForm({
  defaultName,
  returnTo,
}: {
  defaultName: string;
  /** The request the approver came from to enrol: offered once the key is enrolled. */
  returnTo?: string;
}) {
  const queryClient = useQueryClient();
  // The name the operator typed; until then the offered one, which follows the operator: in dev
  // mode "Acting as" switches people on this page, and a key kept the previous one's name.
  const [typed, setName] = useState<string | undefined>();
  const name = typed ?? defaultName;
  const enrol = useMutation({
    mutationFn: (keyName: string) => enrolPasskey(keyName),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.mine }),
  });
  const trimmed = name.trim();
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed !== '' && !enrol.isPending) enrol.mutate(trimmed);
      }}
    >
      <TextField
        label="Key name"
        hint="Shown on every approval this key signs, e.g. “YubiKey 5C” or “Work laptop”."
        value={name}
        maxLength={64}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <div>
        <Button type="submit" variant="primary" busy={enrol.isPending} disabled={trimmed === ''}>
          Enrol a passkey
        </Button>
      </div>
      {enrol.isSuccess && (
        <Notice tone="success" role="status" title="Passkey enrolled">
          “{enrol.data.name}” now signs your approvals and rejections.
          {returnTo && (
            <>
              {' '}
              <Link to={returnTo}>Back to the request</Link>
            </>
          )}
        </Notice>
      )}
      {enrol.isError && (
        <Notice tone="danger" role="alert" title="Not enrolled">
          {failure(enrol.error)}
        </Notice>
      )}
    </form>
  );
}
