import type { ApprovalRequest } from '#contract/approvals';
import { formatUsd } from '#contract/usd-value';
import { DecimalText } from '#web/components/ui/decimal-text';
import { middleEllipsis } from '#web/lib/middle-ellipsis';
import { addressChangeWords } from '#web/shared/approvals/address-change-words';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const shortAddress = (address: string) => middleEllipsis(address, 10, 8, 20);

/** One line saying what a request is about: the amount and destination, or the address. */
export function ApprovalSummary({ request }: { request: ApprovalRequest }) {
  if (request.kind === 'withdrawal') {
    const body = request.withdrawal ?? {};
    const asset = str(body.asset);
    const address = str(body.destination_address) ?? '';
    return (
      <span>
        <DecimalText value={str(body.amount) ?? str(body.total)} asset={asset} />
        {str(body.total) && !str(body.amount) ? ' (total)' : ''} to{' '}
        <span className="mono" title={address}>
          {shortAddress(address)}
        </span>
      </span>
    );
  }
  if (request.kind === 'withdrawal_batch') {
    const batch = request.batch ?? {};
    const rows = typeof batch.rows === 'number' ? batch.rows : undefined;
    const usd = str(batch.usd_total);
    return (
      <span>
        Batch of {rows ?? '?'} withdrawals{usd ? ` worth ${formatUsd(usd)}` : ''}
      </span>
    );
  }
  const body = request.address?.request ?? {};
  const address = str(body.address) ?? '';
  const nickname = str(body.nickname);
  return (
    <span>
      {request.address?.change === 'new'
        ? 'New address '
        : `${addressChangeWords(request.address?.change).title} of `}
      {nickname ? <strong>{nickname}</strong> : null}{' '}
      <span className="mono" title={address}>
        {shortAddress(address)}
      </span>
    </span>
  );
}
