import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { Notice } from '#web/components/ui/notice';
import { outcomeSentence } from '../lib/outcome-sentence';
import { useQuery } from '@tanstack/react-query';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { isApiError } from '#web/lib/api-error';
import { withdrawalDetailQuery } from '../api/withdrawal-api';

interface ResumedDraftNoticeProps {
  /** The draft's ref_id, once its review was opened. */
  refId: string | undefined;
  /** What the ledger knows of that ref_id (useDraftHistory). */
  history: DraftHistory;
  /** The console's gate refused its last submit, in words (the ledger has no record of it). */
  gateRefused?: string | undefined;
  onDiscard: () => void;
}

/**
 * An abandoned draft reopened from this tab (a reload, the way back from the address editor): what
 * became of it, from the ledger by its ref_id (never submitted; or submitted and refused, with the
 * reason), with a way to discard it.
 */
export function ResumedDraftNotice({
  refId,
  history,
  gateRefused,
  onDiscard,
}: ResumedDraftNoticeProps) {
  const byGate = history.kind === 'never-submitted' && gateRefused !== undefined;
  const words = byGate ? gateRefusedWords(gateRefused, refId) : historyWords(history, refId);
  return (
    <Notice
      tone={history.kind === 'refused' || byGate ? 'warning' : 'info'}
      role="status"
      title={words.title}
    >
      <p>{words.text}</p>
      <div className="row">
        {refId !== undefined && history.kind !== 'never-submitted' && (
          <Link to={`/withdrawals/${encodeURIComponent(refId)}`}>Open it in the ledger</Link>
        )}
        <Button onClick={onDiscard}>Discard draft</Button>
      </div>
    </Notice>
  );
}

/** Refused by the console's own gate: submitted, never reached the service, nothing recorded. */
function gateRefusedWords(reason: string, refId: string | undefined) {
  return {
    title: `Submitted and refused: ${reason}`,
    text: (
      <>
        This withdrawal was submitted
        {refId ? (
          <>
            {' '}
            with ref_id <code>{refId}</code>
          </>
        ) : null}{' '}
        and the console refused it before it reached the service: {reason}. Nothing was sent. Once
        the destination can receive, submit it again: it keeps its ref_id.
      </>
    ),
  };
}

const CHECK = 'Check every field before you submit it, or discard it and start again.';

function historyWords(
  history: DraftHistory,
  refId: string | undefined,
): { title: string; text: ReactNode } {
  const ref = refId ? <code>{refId}</code> : null;
  switch (history.kind) {
    case 'never-submitted':
      return {
        title: 'Resumed draft',
        text: `This withdrawal was started earlier in this tab and never submitted. ${CHECK}`,
      };
    case 'checking':
      return {
        title: 'Resumed draft',
        text: <>This withdrawal was started earlier in this tab. Looking up {ref} in the ledger…</>,
      };
    case 'unread':
      return {
        title: 'Resumed draft',
        text: (
          <>
            This withdrawal was started earlier in this tab; the ledger could not be read, so
            whether {ref} was submitted is not known here. Submitting sends the same ref_id, which
            never creates a second transfer.
          </>
        ),
      };
    case 'refused':
      return {
        title: 'Resumed draft: submitted and refused',
        text: (
          <>
            This withdrawal was submitted with ref_id {ref} and refused (
            <DateTime value={history.at} />
            ): {outcomeSentence(history.reason)} Nothing was created.{' '}
            {history.approvalSpent
              ? 'Its approval was spent by that send: trying again needs a new approval, under a new ref_id.'
              : 'Once the cause is fixed (the Travel Rule data saved, the profile funded), submit it again: it keeps its ref_id.'}
          </>
        ),
      };
    case 'created':
      return {
        title: 'Resumed draft: already created',
        text: (
          <>
            This withdrawal was submitted with ref_id {ref} and created{' '}
            <DateTime value={history.at} />. Submitting it again only shows that transfer: start a
            new withdrawal for another payment.
          </>
        ),
      };
    case 'unknown':
      return {
        title: 'Resumed draft: outcome unknown',
        text: (
          <>
            This withdrawal was submitted with ref_id {ref} and its outcome is not known yet.
            Submitting it again sends the same ref_id, which never creates a second transfer.
          </>
        ),
      };
    case 'held':
      return {
        title: 'Resumed draft: awaiting approval',
        text: <>This withdrawal (ref_id {ref}) is held for approval: its last approval sends it.</>,
      };
    case 'not-sent':
      return {
        title: 'Resumed draft: not sent',
        text: (
          <>
            This withdrawal (ref_id {ref}) was held for approval, and the request was rejected,
            cancelled or expired: it never reached the service.
          </>
        ),
      };
  }
}

/** What the ledger knows of a resumed draft's ref_id, for the resumed-draft notice. */
type DraftHistory =
  /** No ref_id yet, or the ledger has none under it: never submitted. */
  | { kind: 'never-submitted' }
  | { kind: 'checking' }
  /** The ledger could not be read: whether it was submitted is not known here. */
  | { kind: 'unread' }
  | { kind: 'refused'; at: string; reason: string; approvalSpent: boolean }
  | { kind: 'created'; at: string }
  | { kind: 'unknown'; at: string }
  | { kind: 'held'; at: string }
  | { kind: 'not-sent'; at: string };

/** The ledger record's history in the resumed-draft notice's terms. */
function draftHistoryOf(record: WithdrawalRecord): DraftHistory {
  const at = record.updated_at;
  switch (record.status) {
    case 'refused': {
      const problem = record.problem;
      const reason = problem
        ? problem.detail
          ? `${problem.title.replace(/[.:]$/, '')}. ${problem.detail}`
          : problem.title
        : 'no reason was recorded';
      return { kind: 'refused', at, reason, approvalSpent: record.approval_id !== undefined };
    }
    case 'created':
      return { kind: 'created', at };
    case 'unknown':
    case 'submitting':
      return { kind: 'unknown', at };
    case 'awaiting_approval':
      return { kind: 'held', at };
    case 'not_sent':
      return { kind: 'not-sent', at };
  }
}

/**
 * What the ledger knows of a resumed draft's ref_id (read only for a resumed draft): the notice
 * says it, and the review says "as submitted" rather than "nothing has been sent" once it was.
 */
export function useDraftHistory(refId: string | undefined, resumed: boolean): DraftHistory {
  const ledger = useQuery({
    ...withdrawalDetailQuery(refId),
    enabled: resumed,
  });
  if (refId === undefined || (isApiError(ledger.error) && ledger.error.status === 404))
    return { kind: 'never-submitted' };
  if (ledger.data) return draftHistoryOf(ledger.data);
  return ledger.isError ? { kind: 'unread' } : { kind: 'checking' };
}

/** Whether the history says the draft's ref_id reached the console's server before. */
export const submittedBefore = (history: DraftHistory): boolean =>
  history.kind !== 'never-submitted' && history.kind !== 'checking' && history.kind !== 'unread';
