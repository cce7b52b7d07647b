import type { AddressChange } from '#contract/approvals';

// What an address request changes, in one wording for the approvals list, the approval page, the
// address's own requests and the editor's held answer.

const WORDS: Record<AddressChange, { title: string; subject: string }> = {
  new: { title: 'New address', subject: 'new address' },
  travel_rule: { title: 'Travel Rule change', subject: 'Travel Rule change' },
  memo: { title: 'Memo change', subject: 'memo change' },
  restore: { title: 'Archived address brought back', subject: 'return from the archive' },
};

/** The change in words: a title ("Memo change") and the subject of a sentence ("memo change"). */
export function addressChangeWords(change: string | undefined): { title: string; subject: string } {
  return (
    (change !== undefined && WORDS[change as AddressChange]) || {
      title: 'Address change',
      subject: 'address change',
    }
  );
}

/**
 * A change of the console's own book only (the memo, the archive): nothing goes to the service,
 * the book changes once approved.
 */
export function isBookChange(change: string | undefined): boolean {
  return change === 'memo' || change === 'restore';
}
