import { readStatusDetails, secondaryStatusOf } from '../../../../../contract/transfer-status';
import type { Transfer } from '../../../../../contract/withdrawals';
import { Badge } from '../../../components/ui/badge';
import { secondaryStatusWords, statusDetailWords } from '../lib/transfer-status-words';
import { TRANSFER_STATUS_TONES } from './transfer-card';

/** A ledger row's transfer status: the badge, then the secondary status or the first detail in words. */
export function LedgerTransferStatus({ transfer }: { transfer: Transfer }) {
  const secondary = secondaryStatusOf(transfer);
  const detail = readStatusDetails((transfer as Record<string, unknown>).status_details)[0];
  const words = secondary?.name
    ? secondaryStatusWords(secondary.name)
    : detail
      ? statusDetailWords({ code: detail.code })
      : undefined;
  return (
    <>
      <Badge value={transfer.status} tones={TRANSFER_STATUS_TONES} />
      {words && <span className="muted small">{words}</span>}
    </>
  );
}
