import { readStatusDetails, secondaryStatusOf } from '#contract/transfer-status';
import type { Transfer } from '#contract/withdrawals';
import { useMe } from '#web/lib/session';
import { CopyableText } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { explorerUrl } from '../lib/explorer-links';
import { secondaryStatusWords, statusDetailWords } from '../lib/transfer-status-words';

/** The fields these rows show, so the card's "every other field" list does not repeat them. */
export const STATUS_ROW_FIELDS = [
  'secondary_status',
  'status_details',
  'crypto_tx_hash',
  'updated_at',
] as const;

/**
 * What only a transfer read tells, in words: secondary status, status details, the transaction
 * hash with a public explorer link, and when it last changed. Rows for a `<dl>`.
 */
export function TransferStatusRows({ transfer }: { transfer: Transfer }) {
  const production = useMe().environment.kind === 'production';
  const secondary = secondaryStatusOf(transfer);
  const details = readStatusDetails((transfer as Record<string, unknown>).status_details);
  const hash = transfer.crypto_tx_hash;
  const link = hash ? explorerUrl(transfer.crypto_network, hash, production) : undefined;
  return (
    <>
      {secondary?.name && (
        <>
          <dt>Secondary status</dt>
          <dd>
            {secondaryStatusWords(secondary.name)}
            {secondary.detail ? <span className="muted"> — {secondary.detail}</span> : null}
          </dd>
        </>
      )}
      {details.length > 0 && (
        <>
          <dt>Status details</dt>
          <dd>
            <ul className="plain-list" aria-label="Status details">
              {details.map((d) => (
                <li key={d.code}>{statusDetailWords(d)}</li>
              ))}
            </ul>
          </dd>
        </>
      )}
      <dt>Transaction hash</dt>
      <dd>
        {hash ? (
          <>
            <CopyableText value={hash} label="transaction hash" />
            {link && (
              <>
                {' '}
                <a href={link} target="_blank" rel="noopener noreferrer">
                  View on explorer
                </a>
              </>
            )}
          </>
        ) : (
          <span className="muted">
            {transfer.status === 'PENDING' ? 'Not on chain yet' : 'None'}
          </span>
        )}
      </dd>
      <dt>Updated</dt>
      <dd>
        <DateTime value={transfer.updated_at} />
      </dd>
    </>
  );
}
