import { useQuery } from '@tanstack/react-query';
import { findLookAlikes } from '#contract/networks/look-alike';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { Notice } from '#web/components/ui/notice';
import { HELD_ADDRESSES_UNAVAILABLE, useHeldAddresses } from '#web/shared/approvals/held-addresses';
import {
  SERVICE_ADDRESSES_UNREAD,
  unnamedDestination,
  useRegistryLookAlikes,
  withRegistryLookAlikes,
} from '#web/shared/destinations/registry-look-alikes';
import { savedAddressesQuery } from '../api/address-api';

interface LookAlikeConfirmProps {
  address: string;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}

/**
 * The saved entries, and the ones held for approval, the address about to be saved imitates (the
 * withdrawal form's rule).
 */
export function useLookAlikes(address: string) {
  const book = useQuery({ ...savedAddressesQuery(), enabled: address.trim() !== '' });
  const held = useHeldAddresses(address.trim() !== '');
  // The registry adds the service's own saved addresses, which the page cannot list.
  const registry = useRegistryLookAlikes(address, address.trim() !== '');
  return {
    matches: withRegistryLookAlikes(
      findLookAlikes(address, [...(book.data?.addresses ?? []), ...held.addresses]),
      registry.matches,
    ),
    heldUnavailable: held.unavailable,
    serviceUnread: registry.serviceUnread,
  };
}

/**
 * Address poisoning reaches the address book too: an address that starts and ends like a saved
 * one but is another is shown before it is saved, and saving waits for the operator to confirm
 * they checked it with the recipient.
 */
export function LookAlikeConfirm({ address, confirmed, onConfirmedChange }: LookAlikeConfirmProps) {
  const { matches: lookAlikes, heldUnavailable, serviceUnread } = useLookAlikes(address);
  if (lookAlikes.length === 0)
    return heldUnavailable || serviceUnread ? (
      <p className="muted small">
        {heldUnavailable ? HELD_ADDRESSES_UNAVAILABLE : SERVICE_ADDRESSES_UNREAD}
      </p>
    ) : null;
  return (
    <Notice tone="danger" role="alert" title="Look-alike address">
      <p>
        This address starts and ends like{' '}
        {lookAlikes.map((entry, index) => (
          <span key={entry.key}>
            {index > 0 && ', '}
            {'approvalId' in entry && entry.approvalId ? (
              // Held for approval: not in the address book yet, whatever it is called.
              entry.nickname ? (
                <>
                  <strong>{entry.nickname}</strong> (held for approval)
                </>
              ) : (
                <strong>an address held for approval</strong>
              )
            ) : (
              <>
                <strong>{entry.nickname || unnamedDestination(entry)}</strong>
                {'source' in entry && entry.source === 'service' && entry.nickname
                  ? ' (saved at the service)'
                  : ''}
              </>
            )}{' '}
            (<span className="mono">{entry.address}</span>)
          </span>
        ))}{' '}
        but is a different address. Address-poisoning attacks work this way: check every character
        with the recipient before you save it.
      </p>
      {heldUnavailable && <p className="small">{HELD_ADDRESSES_UNAVAILABLE}</p>}
      <CheckboxField
        label="I checked every character of this address with the recipient"
        checked={confirmed}
        onChange={(event) => onConfirmedChange(event.target.checked)}
      />
    </Notice>
  );
}
