import { meResponse } from '#web/lib/testing/me-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { WITHDRAWAL_DRAFT_KEY, type WithdrawalDraft } from '../../lib/withdrawal-draft';
import { EMPTY_WITHDRAWAL_FORM } from '../../lib/withdrawal-form-model';
import { NewWithdrawalPage } from '../new-withdrawal-page';

/** A draft where the page reads it on mount (the tab's session storage). */
export function storeWithdrawalDraft(draft: WithdrawalDraft): void {
  sessionStorage.setItem(WITHDRAWAL_DRAFT_KEY, JSON.stringify(draft));
}

/** The new-withdrawal page at /withdrawals/new for `session` (the /api/me answer), as the app mounts it. */
export function renderNewWithdrawalPage(session: object) {
  return renderPage(<NewWithdrawalPage />, {
    url: '/withdrawals/new',
    session,
    client: consoleClient(),
    suspense: true,
  });
}

interface StellarDraft {
  step: WithdrawalDraft['step'];
  address: string;
  amount: string;
  memo: string;
  refId: string;
}

/** An initiator resuming an XLM withdrawal (memo network) from the treasury profile at `step`. */
export function renderStellarDraft({ step, address, amount, memo, refId }: StellarDraft) {
  storeWithdrawalDraft({
    values: {
      ...EMPTY_WITHDRAWAL_FORM,
      profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
      asset: 'XLM',
      crypto_network: 'STELLAR',
      destination_address: address,
      amount_value: amount,
      memo,
    },
    step,
    refId,
    refFor: 'x',
  });
  return renderNewWithdrawalPage(
    meResponse({ subject: 'op-1', name: 'Olive Operator' }, ['viewer', 'withdrawal-initiator']),
  );
}
