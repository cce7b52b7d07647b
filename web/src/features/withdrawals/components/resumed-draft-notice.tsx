import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { Notice } from '#web/components/ui/notice';
import type { DraftHistory } from '../lib/draft-history';
import { outcomeSentence } from '../lib/outcome-sentence';

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
