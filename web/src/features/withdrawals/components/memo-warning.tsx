import { isMemoNetwork, memoProbablyRequired } from '#contract/memo-required';
import { networkFacts } from '#contract/networks/registry';
import { Notice } from '#web/components/ui/notice';

interface MemoWarningProps {
  network: string;
  address: string;
  memo: string | undefined;
  /** The destination's Travel Rule data, as the book or the service holds it (VASP-hosted?). */
  hosting?: { custodian_type?: string | undefined; vasp?: Record<string, unknown> | undefined };
  /** Where it shows: the form asks before review; the review says it once more before submit. */
  at: 'form' | 'review';
}

/**
 * The memo warning of a memo network (the network registry's memo rule) with no memo: firm when
 * the destination is known to credit by memo (an exchange's deposit address, a saved address
 * hosted by a VASP), a question otherwise. One wording for the form and the review.
 */
export function MemoWarning({ network, address, memo, hosting, at }: MemoWarningProps) {
  if (!isMemoNetwork(network) || (memo ?? '') !== '') return null;
  const label = networkFacts(network)?.label ?? network;
  const reason = memoProbablyRequired(network, address.trim(), hosting);
  const next =
    at === 'review'
      ? 'Go back to edit to add it, unless the recipient confirmed they need none.'
      : 'Ask the recipient for their memo.';
  if (reason !== undefined)
    return (
      <Notice tone="warning" role="alert" title="A memo is probably needed">
        {reason === 'known-exchange'
          ? 'This is a known exchange deposit address: it is shared by many customers and credits the right one by the memo.'
          : 'This saved address is hosted by an exchange or custodian (its Travel Rule data names a VASP), which credits the right account by the memo.'}{' '}
        {at === 'review' ? 'This withdrawal has no memo. ' : ''}Without it the funds may arrive and
        not be credited. {next}
      </Notice>
    );
  return (
    <Notice tone="warning" title={`Memo for ${label}`}>
      {at === 'review' ? 'This withdrawal has no memo. ' : ''}Does the recipient need a memo?
      Without the one they expect, an exchange may not credit the funds.{' '}
      {at === 'review' ? next : 'Ask them before you continue.'}
    </Notice>
  );
}
