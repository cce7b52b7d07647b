import type { ApprovalRequest } from '#contract/approvals';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { addressChangeWords, isBookChange } from '#web/shared/approvals/address-change-words';
import { Card } from '#web/components/ui/card';
import { LookAlikeWarning } from '#web/shared/destinations/look-alike-warning';
import { AddressDiffTable } from './address-diff-table';

/** An address change held for approval: the address, what changes, and what approving does. */
export function AddressBody({ request }: { request: ApprovalRequest }) {
  const body = request.address?.request ?? {};
  const network = typeof body.crypto_network === 'string' ? body.crypto_network : '';
  const change = request.address?.change;
  const isNew = change === 'new';
  const title = addressChangeWords(change).title;
  const diff = request.address?.diff ?? [];
  return (
    <Card title={title} headingLevel={2} aria-label={title}>
      {request.status === 'pending' && typeof body.address === 'string' && (
        <LookAlikeWarning address={body.address} before="you approve" />
      )}
      <dl className="detail-list">
        <dt>Address</dt>
        <dd className="mono">{String(body.address ?? '')}</dd>
        <dt>Network</dt>
        <dd>{CRYPTO_NETWORK_LABELS[network as keyof typeof CRYPTO_NETWORK_LABELS] ?? network}</dd>
        {typeof body.nickname === 'string' && (
          <>
            <dt>Nickname</dt>
            <dd>{body.nickname}</dd>
          </>
        )}
        {request.address?.memo !== undefined && !isBookChange(change) && (
          <>
            <dt>Destination memo</dt>
            <dd>
              {request.address.memo === '' ? (
                'None (the book’s memo is cleared)'
              ) : (
                <span className="mono">{request.address.memo}</span>
              )}{' '}
              <span className="muted small">
                (from an address file: kept in the console’s book once approved, never sent to the
                service)
              </span>
            </dd>
          </>
        )}
      </dl>
      <h3 className="approval-what-changes">What changes</h3>
      {isNew && diff.length === 0 ? (
        <p>Everything above is new: the address book does not hold this address yet.</p>
      ) : (
        <AddressDiffTable diff={diff} />
      )}
      {request.status === 'pending' &&
        (isBookChange(change) ? (
          <p className="muted small">
            {change === 'memo'
              ? 'On this network the address and its memo together say who is credited: the address book keeps the new memo (filled into withdrawals to this address, which are sent only with it) once approved. Nothing is sent to the service.'
              : 'The address is archived (withdrawals to it are refused): once approved it is back in the address book, in use again. Nothing is sent to the service.'}
          </p>
        ) : (
          <p className="muted small">
            Nothing has been sent to the service yet: the address is saved upstream once approved.
          </p>
        ))}
    </Card>
  );
}
