import { readStatusDetails, secondaryStatusOf } from '#contract/transfer-status';
import type { Transfer } from '#contract/withdrawals';
import { useMe } from '#web/lib/session';
import { Badge } from '#web/components/ui/badge';
import { DateTime } from '#web/components/ui/date-time';
import { middleEllipsis } from '#web/lib/middle-ellipsis';
import { explorerUrl } from '../lib/explorer-links';
import { secondaryStatusWords, statusDetailWords } from '../lib/transfer-status-words';
import { TRANSFER_STATUS_TONES } from './transfer-card';

const shortHash = (hash: string) => middleEllipsis(hash, 8, 6, 16);

/**
 * A ledger row's transfer status: the badge, the secondary status or the first detail in words,
 * the transaction hash (shortened, whole on hover, linked to a public explorer where the network
 * has one) and when the transfer last changed, so following a withdrawal up does not mean
 * opening each row. The withdrawal's own page has the same in full (TransferStatusRows).
 */
export function LedgerTransferStatus({ transfer }: { transfer: Transfer }) {
  const production = useMe().environment.kind === 'production';
  const secondary = secondaryStatusOf(transfer);
  const detail = readStatusDetails((transfer as Record<string, unknown>).status_details)[0];
  const words = secondary?.name
    ? secondaryStatusWords(secondary.name)
    : detail
      ? statusDetailWords({ code: detail.code })
      : undefined;
  const hash = transfer.crypto_tx_hash;
  const link = hash ? explorerUrl(transfer.crypto_network, hash, production) : undefined;
  return (
    <>
      <Badge value={transfer.status} tones={TRANSFER_STATUS_TONES} />
      {words && <span className="muted small">{words}</span>}
      {hash &&
        (link ? (
          <a
            className="mono small"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            title={hash}
            aria-label={`Transaction ${shortHash(hash)} on a public explorer`}
          >
            {shortHash(hash)}
          </a>
        ) : (
          <span className="mono small" title={hash}>
            {shortHash(hash)}
          </span>
        ))}
      {transfer.updated_at && (
        <span className="muted small">
          updated <DateTime value={transfer.updated_at} />
        </span>
      )}
    </>
  );
}
