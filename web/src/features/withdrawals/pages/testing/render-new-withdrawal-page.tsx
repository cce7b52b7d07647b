import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '#web/lib/query-client';
import { WITHDRAWAL_DRAFT_KEY, type WithdrawalDraft } from '../../lib/withdrawal-draft';
import { NewWithdrawalPage } from '../new-withdrawal-page';

/** A draft where the page reads it on mount (the tab's session storage). */
export function storeWithdrawalDraft(draft: WithdrawalDraft): void {
  sessionStorage.setItem(WITHDRAWAL_DRAFT_KEY, JSON.stringify(draft));
}

/** The new-withdrawal page at /withdrawals/new for `session` (the /api/me answer), as the app mounts it. */
export function renderNewWithdrawalPage(session: object) {
  const client = createQueryClient({ onBackgroundError: () => undefined });
  client.setQueryData(['me'], session);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/withdrawals/new']}>
        <Suspense fallback="loading">
          <NewWithdrawalPage />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
