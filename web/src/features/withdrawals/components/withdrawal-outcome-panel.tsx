import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMe } from '#web/lib/session';
import { useCountdown } from '#web/lib/use-countdown';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { HeldForApprovalNotice } from '#web/shared/approvals/held-for-approval-notice';
import { Notice } from '#web/components/ui/notice';
import { Link } from 'react-router';
import { groupAmountsInText } from '#web/lib/decimal';
import type { UnknownReach, WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { liveTransferQuery } from '../api/transfer-status-api';
import { LiveTransferCard } from './live-transfer-card';
import { TransferCard } from './transfer-card';

/**
 * The upstream's detail as a sentence, so the explanation that follows reads right; amounts in it
 * ("6000.00 USD") are grouped like every other figure on screen (text only, no number math).
 */
const sentence = (text: string) => {
  const grouped = groupAmountsInText(text.trim());
  return /[.!?]$/.test(grouped) ? grouped : `${grouped}.`;
};

const UNKNOWN_LEAD: Record<UnknownReach, string> = {
  'console-unreachable':
    'The console could not reach its server, so it cannot tell whether the request arrived',
  'service-unreachable':
    'The console’s server could not reach the withdrawal service: the request most likely never arrived, but that cannot be proven',
  sent: 'The request left, but its answer was lost',
};

export interface WithdrawalOutcomePanelProps {
  outcome: WithdrawalOutcome;
  refId?: string;
  /** The buttons for this outcome (check again, edit, open the address editor...). */
  actions?: ReactNode;
}

/** Says what happened to the submit, in the operator's words. Never says "failed" when unsure. */
export function WithdrawalOutcomePanel({ outcome, refId, actions }: WithdrawalOutcomePanelProps) {
  const actionRow = actions ? <div className="row outcome-actions">{actions}</div> : null;
  switch (outcome.kind) {
    case 'created':
      return (
        <div className="stack">
          <CreatedNotice outcome={outcome} />
          {outcome.transfer.ref_id ? (
            <LiveTransferCard
              transfer={outcome.transfer}
              refId={outcome.transfer.ref_id}
              title="Transfer"
              {...(outcome.transfer.updated_at ? { recordedAt: outcome.transfer.updated_at } : {})}
            />
          ) : (
            <TransferCard transfer={outcome.transfer} title="Transfer" />
          )}
          {actionRow}
        </div>
      );
    case 'unknown':
      return (
        <Notice tone="warning" role="alert" title="Outcome unknown: not failed">
          <p>
            {UNKNOWN_LEAD[outcome.reach ?? 'sent']}
            {outcome.detail ? `: ${outcome.detail.replace(/\.$/, '')}` : ''}.{' '}
            {outcome.reach === 'sent' || outcome.reach === undefined
              ? 'The withdrawal may have been created. '
              : ''}
            Checking again sends the same ref_id
            {refId ? (
              <>
                {' '}
                (<code>{refId}</code>)
              </>
            ) : null}
            , so the upstream either reports the transfer it already made or makes it once: it never
            creates a second one. Do not start a new withdrawal for this payment.
          </p>
          {actionRow}
        </Notice>
      );
    case 'insufficient-funds':
      return (
        <Notice tone="danger" role="alert" title="Insufficient funds">
          <dl className="detail-list outcome-figures">
            <dt>Available</dt>
            <dd>
              <DecimalText value={outcome.available} asset={outcome.asset} />
            </dd>
            <dt>Needed</dt>
            <dd>
              <DecimalText value={outcome.needed} asset={outcome.asset} />
            </dd>
          </dl>
          {outcome.detail && <p>{sentence(outcome.detail)}</p>}
          <p>Nothing was sent. Lower the amount, or fund the profile and review again.</p>
          {actionRow}
        </Notice>
      );
    case 'travel-rule-required':
      return (
        <Notice tone="warning" role="alert" title="Travel Rule information required">
          <p>
            {sentence(
              outcome.detail ??
                'The destination address has no Travel Rule data (who the beneficiary is)',
            )}{' '}
            Nothing was sent. Save the beneficiary on the destination address; you come back here to
            the same withdrawal, with the same ref_id, and submit it again.
          </p>
          {actionRow}
        </Notice>
      );
    case 'rejected':
      return (
        <Notice tone="danger" role="alert" title="Rejected">
          <p>
            {outcome.detail ?? 'The upstream refused this withdrawal (risk, compliance or limits).'}
          </p>
          <p>Nothing was sent.</p>
          {actionRow}
        </Notice>
      );
    case 'identity-verification':
      return (
        <Notice tone="warning" role="alert" title="Identity verification required">
          <p>
            {sentence(
              outcome.detail ?? 'The identity behind this withdrawal has not finished verification',
            )}{' '}
            {outcome.identityId && (
              <>
                Identity <code>{outcome.identityId}</code>
                {outcome.currentStatus ? ` is ${outcome.currentStatus}` : ''}.{' '}
              </>
            )}
            Nothing was sent. Once the identity is verified, submit this same withdrawal again (same
            ref_id).
          </p>
          {actionRow}
        </Notice>
      );
    case 'expired':
      return (
        <Notice tone="danger" role="alert" title="Fee quote expired">
          <p>{outcome.detail ?? 'The fee quote (fee id) has expired.'}</p>
          {outcome.expiredAt && (
            <p>
              Expired at <DateTime value={outcome.expiredAt} />.
            </p>
          )}
          <p>Nothing was sent. Get a new fee quote, or leave the fee id empty, and review again.</p>
          {actionRow}
        </Notice>
      );
    case 'conflict':
      return (
        <div className="stack">
          <Notice tone="danger" role="alert" title="This ref_id belongs to another withdrawal">
            <p>
              {sentence(
                outcome.detail ?? 'A different withdrawal was already created with this ref_id',
              )}{' '}
              Nothing new was sent. Review again to submit this one under a new ref_id, if it is
              still wanted.
            </p>
            {actionRow}
          </Notice>
          {outcome.existing && (
            <TransferCard transfer={outcome.existing} title="The existing transfer" />
          )}
        </div>
      );
    case 'ref-id-reused':
      return (
        <Notice tone="danger" role="alert" title="ref_id used for a different request">
          <p>
            {sentence(outcome.detail ?? 'This ref_id was used before for a different request')}{' '}
            Nothing was sent. Review again: the withdrawal gets a new ref_id.
          </p>
          {actionRow}
        </Notice>
      );
    case 'not-found':
      return (
        <Notice tone="danger" role="alert" title="Not known to the service">
          <p>
            {sentence(outcome.detail ?? 'The service does not know an id this withdrawal names')}{' '}
            Nothing was sent. Correct it in the form, then review again.
          </p>
          {actionRow}
        </Notice>
      );
    case 'invalid':
      return (
        <Notice tone="danger" role="alert" title="Some fields need attention">
          <p>{sentence(outcome.detail ?? 'The server refused some fields')} Nothing was sent.</p>
          {outcome.fieldErrors.length > 0 && (
            <ul>
              {outcome.fieldErrors.map((e) => (
                <li key={`${e.path}:${e.message}`}>
                  <code>{e.path || 'request'}</code>: {e.message}
                </li>
              ))}
            </ul>
          )}
          {actionRow}
        </Notice>
      );
    case 'awaiting-approval':
      return (
        <HeldForApprovalNotice approval={outcome.approval} subject="withdrawal" actions={actions} />
      );
    case 'destination-not-approved':
      return (
        <Notice tone="warning" role="alert" title="Destination not approved yet">
          <p>
            {sentence(
              outcome.detail ??
                'This destination address is waiting for approval and cannot receive withdrawals yet',
            )}{' '}
            Nothing was sent.
          </p>
          {outcome.receivableFrom && (
            <p>
              It was approved recently and can receive withdrawals from{' '}
              <DateTime value={outcome.receivableFrom} /> (cooling-off period).
            </p>
          )}
          {outcome.approvalId && (
            <p>
              <Link to={`/approvals/${encodeURIComponent(outcome.approvalId)}`}>
                Open the address&rsquo;s approval request
              </Link>
            </p>
          )}
          <p>
            Once it can receive, submit this same withdrawal again: it keeps its ref_id, so it is
            never sent twice.
          </p>
          {actionRow}
        </Notice>
      );
    case 'error':
      return (
        <Notice tone="danger" role="alert" title={outcome.title}>
          <p>
            {sentence(outcome.detail ?? `The server answered ${outcome.status}`)} Trying again sends
            the same ref_id, so it can never create a second transfer.
          </p>
          {outcome.retryAfter !== undefined && <RetryCountdown seconds={outcome.retryAfter} />}
          {actionRow}
        </Notice>
      );
  }
}

/** A 429's Retry-After as a live countdown, so the operator knows when a retry can go. */
export function RetryCountdown({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds);
  return (
    <p className="retry-countdown" aria-live="polite">
      {left > 0 ? `Too many requests: you can try again in ${left} s.` : 'You can try again now.'}
    </p>
  );
}

/**
 * "Created" is what the service said when it accepted the withdrawal; the transfer can fail later.
 * The banner follows the live status the card below shows (the same query, read once): a FAILED
 * transfer is never left under a green "created".
 */
function CreatedNotice({ outcome }: { outcome: Extract<WithdrawalOutcome, { kind: 'created' }> }) {
  const feature = useMe().features.transfer_status;
  const refId = outcome.transfer.ref_id;
  const live = useQuery({
    ...liveTransferQuery(refId ?? '', String(outcome.transfer.status)),
    enabled: feature.enabled && refId !== undefined,
  });
  const status = String(live.data?.transfer?.status ?? outcome.transfer.status);
  if (status === 'FAILED')
    return (
      <Notice tone="danger" role="alert" title="Accepted, then failed">
        The service accepted the withdrawal, then it failed (the reason is below). Its status is
        final: nothing more is sent for this ref_id. To send the money, start a new withdrawal.
      </Notice>
    );
  const replayed = outcome.replayed && !outcome.recovered;
  return (
    <Notice
      tone={replayed ? 'info' : 'success'}
      role="status"
      title={replayed ? 'Already submitted' : 'Withdrawal created'}
    >
      {outcome.recovered
        ? 'Your earlier submit got through: its answer was lost and has now been recovered with the same ref_id. Nothing was sent twice: this is the transfer.'
        : outcome.replayed
          ? 'This withdrawal was submitted earlier with the same ref_id. Nothing new was sent: this is the existing transfer.'
          : 'The upstream accepted the withdrawal. Its status changes as the network confirms it.'}
    </Notice>
  );
}
