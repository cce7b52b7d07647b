import { useQuery } from '@tanstack/react-query';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { isApiError } from '#web/lib/api-error';
import { withdrawalDetailQuery } from '../api/withdrawal-api';

/** What the ledger knows of a resumed draft's ref_id, for the resumed-draft notice. */
export type DraftHistory =
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
    ...withdrawalDetailQuery(refId ?? ''),
    enabled: resumed && refId !== undefined,
  });
  if (refId === undefined || (isApiError(ledger.error) && ledger.error.status === 404))
    return { kind: 'never-submitted' };
  if (ledger.data) return draftHistoryOf(ledger.data);
  return ledger.isError ? { kind: 'unread' } : { kind: 'checking' };
}

/** Whether the history says the draft's ref_id reached the console's server before. */
export const submittedBefore = (history: DraftHistory): boolean =>
  history.kind !== 'never-submitted' && history.kind !== 'checking' && history.kind !== 'unread';
