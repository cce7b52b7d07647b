import { Link } from 'react-router';
import { Notice } from '#web/components/ui/notice';
import { AddressGroups } from './address-groups';
import {
  SERVICE_ADDRESSES_UNREAD,
  unnamedDestination,
  useRegistryLookAlikes,
} from './registry-look-alikes';

const SOURCE_WORDS = {
  book: 'in the address book',
  service: 'saved at the service',
  held: 'held for approval',
} as const;

/**
 * The withdrawal's review and the approval page say when an address imitates a destination the
 * console knows (the address book, the service's own saved addresses, a change held for
 * approval): the BFF's registry answers, contract/networks/look-alike.ts is the rule. `before`
 * ends the advice: "you submit", "you approve".
 */
export function LookAlikeWarning({ address, before }: { address: string; before: string }) {
  const { matches, serviceUnread } = useRegistryLookAlikes(address, address.trim() !== '');
  if (matches.length === 0)
    return serviceUnread ? <p className="muted small">{SERVICE_ADDRESSES_UNREAD}</p> : null;
  return (
    <Notice tone="danger" role="alert" title="Look-alike address">
      <p>
        This address starts and ends like{' '}
        {matches.map((entry, index) => (
          <span key={entry.key}>
            {index > 0 && ', '}
            <strong>{entry.nickname || unnamedDestination(entry)}</strong> (
            {SOURCE_WORDS[entry.source]}: <AddressGroups address={entry.address} />
            {entry.approvalId && (
              <>
                , <Link to={`/approvals/${encodeURIComponent(entry.approvalId)}`}>its request</Link>
              </>
            )}
            )
          </span>
        ))}{' '}
        but is a different address. Address-poisoning attacks work this way: check every character
        with the recipient before {before}.
      </p>
      {serviceUnread && <p className="small">{SERVICE_ADDRESSES_UNREAD}</p>}
    </Notice>
  );
}
