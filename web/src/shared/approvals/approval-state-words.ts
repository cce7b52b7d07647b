/** An approval request's state as another page shows it (an address file's held row). */
interface ApprovalStateLike {
  status: string;
  decided_by?: { name: string };
  /** After approval: what sending it came to (created, updated, refused, unknown). */
  outcome?: string;
}

/** What the last approval's send came to, as a change held for approval. */
const SENT_WORDS: Record<string, string> = {
  created: 'and saved',
  updated: 'and saved',
  refused: 'but the service refused it: nothing was saved',
  unknown: 'but whether the service saved it is unknown: its request says more',
};

/**
 * One sentence for a request's state, as its own page tells it (the approval history's words):
 * approved and saved (by whom), rejected or cancelled by whom, expired, still awaiting approval.
 * An unknown status reads as it came.
 */
export function approvalStateWords(state: ApprovalStateLike): string {
  const by = state.decided_by ? ` by ${state.decided_by.name}` : '';
  switch (state.status) {
    case 'pending':
      return 'Still awaiting approval.';
    case 'approved': {
      const sent = state.outcome
        ? (SENT_WORDS[state.outcome] ?? `(${state.outcome})`)
        : 'and being saved';
      return `Approved${by} ${sent}.`;
    }
    case 'rejected':
      return `Rejected${by}: nothing was saved.`;
    case 'cancelled':
      return `Cancelled${by}: nothing was saved.`;
    case 'expired':
      return 'Expired: nobody approved it in time, nothing was saved.';
    default:
      return `Its request is ${state.status}.`;
  }
}
