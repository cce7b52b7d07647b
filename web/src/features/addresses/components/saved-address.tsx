import { useEffect, useRef } from 'react';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { CopyableText } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { Notice } from '#web/components/ui/notice';
import { withdrawToAddressUrl } from '../lib/editor-links';
import { networkLabel } from '../lib/network-label';
import { AddressStatusBadge } from './address-status-badge';
import { TravelRuleDetails } from './travel-rule-details';

interface SavedAddressProps {
  saved: CryptoDestinationAddress;
  /** The network as sent: the response may not echo it. */
  network: string;
  /** A same-origin path (a withdrawal waiting for this address), or undefined. */
  returnTo: string | undefined;
  canWithdraw: boolean;
  onSaveAnother: () => void;
}

/** The upstream's answer: what is saved now, and where to go next. */
export function SavedAddress({
  saved,
  network,
  returnTo,
  canWithdraw,
  onSaveAnother,
}: SavedAddressProps) {
  const crypto_network = saved.crypto_network ?? network;
  const backLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // A withdrawal is waiting: the way back is the next thing to do, so it takes the focus.
    backLink.current?.focus();
  }, []);
  return (
    <div className="stack">
      <Notice tone="success" role="status" title="Address saved">
        {returnTo
          ? 'The withdrawal that needed it can now be submitted again, with the same reference.'
          : 'It is in the address book.'}
      </Notice>
      {saved.unreadable && (
        <Notice tone="warning" title="Part of the service's answer could not be read">
          Not shown: <span className="mono">{saved.unreadable.fields.join(', ')}</span>. The address
          was saved; check it in the address book.
          {/* As the transfer card does: the answer as it came, so nothing received is hidden. */}
          <details>
            <summary>The answer as received (JSON)</summary>
            <pre className="mono">{JSON.stringify(saved.unreadable.raw, null, 2)}</pre>
          </details>
        </Notice>
      )}
      <SavedAddressFacts saved={saved} network={crypto_network} />
      <Card title="Travel Rule">
        <TravelRuleDetails metadata={saved.travelrule_metadata} />
      </Card>
      <div className="row row--end">
        <Button onClick={onSaveAnother}>Save another address</Button>
        <ButtonLink to="/addresses" variant="ghost">
          All addresses
        </ButtonLink>
        {canWithdraw && (
          <ButtonLink
            variant={returnTo ? 'secondary' : 'primary'}
            to={withdrawToAddressUrl({
              crypto_network,
              address: saved.address,
              identity_id: saved.identity_id,
            })}
          >
            Withdraw to this address
          </ButtonLink>
        )}
        {returnTo && (
          <ButtonLink ref={backLink} to={returnTo} variant="primary">
            Back to the withdrawal
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

/** What the service now holds for the address, field by field. */
function SavedAddressFacts({
  saved,
  network,
}: {
  saved: SavedAddressProps['saved'];
  network: string;
}) {
  return (
    <Card title={saved.nickname ?? 'Saved address'}>
      <dl className="detail-list">
        <dt>Status</dt>
        <dd>
          <AddressStatusBadge status={saved.status} />
        </dd>
        <dt>Nickname</dt>
        <dd>{saved.nickname ?? <span className="muted">None</span>}</dd>
        <dt>Created</dt>
        <dd>
          <DateTime value={saved.created_at} />
        </dd>
        <dt>Network</dt>
        <dd>{networkLabel(network)}</dd>
        <dt>Address</dt>
        <dd>
          <CopyableText value={saved.address} label="address" />
        </dd>
        <dt>Identity id</dt>
        <dd>
          {saved.identity_id ? (
            <span className="mono">{saved.identity_id}</span>
          ) : (
            <span className="muted">None (first-party address)</span>
          )}
        </dd>
        <dt>Bookmarked</dt>
        <dd>{saved.bookmarked ? 'Yes' : 'No'}</dd>
        <dt>Address id</dt>
        <dd>
          <CopyableText value={saved.id} label="address id" />
        </dd>
      </dl>
    </Card>
  );
}
