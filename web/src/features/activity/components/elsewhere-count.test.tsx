import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client';
import { useActivityNavLink } from './elsewhere-count';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function ActivityLink() {
  const link = useActivityNavLink();
  return <a href="/activity" {...link} />;
}

const renderLink = (unacknowledged: number) => {
  const fetch = vi.fn(async (_url: RequestInfo | URL) =>
    Response.json({ unacknowledged, items: [] }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = createQueryClient({ onBackgroundError: () => undefined });
  render(
    <QueryClientProvider client={client}>
      <ActivityLink />
    </QueryClientProvider>,
  );
  return fetch;
};

describe('the Activity nav link', () => {
  it('names and shows the unacknowledged count', async () => {
    const fetch = renderLink(2);
    const link = await screen.findByRole('link', { name: 'Activity, 2 alerts' });
    expect(link.textContent).toBe('Activity2');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/transfers/elsewhere');
  });
  it('shows no badge when nothing waits', async () => {
    const fetch = renderLink(0);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Activity' }).textContent).toBe('Activity');
  });
});
