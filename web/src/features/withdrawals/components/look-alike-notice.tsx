import { Notice } from '#web/components/ui/notice';
import { AddressGroups } from '#web/shared/destinations/address-groups';
import { unnamedDestination } from '#web/shared/destinations/registry-look-alikes';
import type { KnownAddress } from '../lib/use-destination-check';

/** The typed address starts and ends like a saved or held one: the poisoning warning, by name. */
export function LookAlikeNotice({ lookAlikes }: { lookAlikes: readonly KnownAddress[] }) {
  if (lookAlikes.length === 0) return null;
  return (
    <Notice tone="danger" role="alert" title="Look-alike address">
      This address starts and ends like{' '}
      {lookAlikes.map((entry, index) => (
        <span key={entry.key}>
          {index > 0 && ', '}
          <strong>{entry.nickname || unnamedDestination(entry)}</strong>
          {'approvalId' in entry && entry.approvalId && entry.nickname
            ? ' (held for approval)'
            : ''}
          {'source' in entry && entry.source === 'service' && entry.nickname
            ? ' (saved at the service)'
            : ''}{' '}
          (
          <AddressGroups address={entry.address} />)
        </span>
      ))}{' '}
      but is a different address. Address-poisoning attacks work this way: check every character
      with the recipient before you go on.
    </Notice>
  );
}
