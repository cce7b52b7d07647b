import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AddressApprovals } from '../components/address-approvals';
import { useSearchParams } from 'react-router';
import { useHasRole, useMe } from '#web/lib/session';
import { RoleGate } from '#web/shared/roles/role-gate';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { addressEntryQuery } from '../api/address-api';
import { AddressEditor } from '../components/address-editor';
import { AddressMemoCard } from '../components/address-memo-card';
import { EMPTY_ADDRESS_FORM, formValuesFromAddress } from '../lib/address-form-values';
import { editorPrefillFromSearch, type EditorPrefill } from '../lib/editor-links';
import '../addresses.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

/** Opens on the linked destination: its saved details when it is saved, else what the link gave. */
function EditorLoader({
  prefill,
  allowTestnet,
  canWithdraw,
}: {
  prefill: EditorPrefill;
  allowTestnet: boolean;
  canWithdraw: boolean;
}) {
  const lookup = useQuery(
    addressEntryQuery(prefill.crypto_network, prefill.address, prefill.identity_id),
  );
  const linked = prefill.crypto_network !== '' && prefill.address !== '';
  // Wait for an answer fetched for this page, not one cached earlier: a lookup cached before the
  // address was saved answers "not saved", and the form takes its values only when it mounts.
  if (linked && !lookup.isFetchedAfterMount && !lookup.isError)
    return <SkeletonRows rows={6} label="Loading the saved address" />;
  const entry = lookup.data ?? undefined;
  const initialValues = entry
    ? {
        ...formValuesFromAddress(entry.upstream, entry.crypto_network),
        identity_id: entry.identity_id ?? '',
      }
    : {
        ...EMPTY_ADDRESS_FORM,
        crypto_network: prefill.crypto_network,
        address: prefill.address,
        identity_id: prefill.identity_id,
      };
  return (
    <div className="stack">
      {prefill.returnTo && (
        <Notice tone="info" title="A withdrawal is waiting for this address">
          Add the Travel Rule details and save; you will then go back to the same withdrawal.
        </Notice>
      )}
      {lookup.isError && (
        <Notice tone="warning" role="alert" title="The saved details could not be loaded">
          {lookup.error.message} The review checks again before saving.
        </Notice>
      )}
      {entry && <AddressApprovals entryKey={entry.key} />}
      <AddressEditor
        initialValues={initialValues}
        loadedFrom={entry}
        allowTestnet={allowTestnet}
        canWithdraw={canWithdraw}
        returnTo={prefill.returnTo}
      />
      {entry && <AddressMemoCard entry={entry} />}
    </div>
  );
}

export function AddressEditorPage() {
  const me = useMe();
  const canWithdraw = useHasRole('withdrawal-initiator');
  const [params] = useSearchParams();
  const search = params.toString();
  const prefill = useMemo(() => editorPrefillFromSearch(new URLSearchParams(search)), [search]);

  return (
    <div className="stack">
      <PageHeader
        title={PAGE_INTROS.addressEditor.title}
        description={PAGE_INTROS.addressEditor.description}
        back={{ to: '/addresses', label: 'All addresses' }}
      />
      <RoleGate
        roles={['address-editor']}
        action="Saving an address"
        instead="You can still read the address book."
      >
        <EditorLoader
          key={search}
          prefill={prefill}
          allowTestnet={me.environment.allow_testnet}
          canWithdraw={canWithdraw}
        />
      </RoleGate>
    </div>
  );
}
