import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { renderPage } from '#web-test/render-page';
import { meResponse } from '#web/lib/testing/me-response';
import { TransferPage } from './transfer-page';

const problem = (status: number, title: string, detail: string, headers = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', status, title, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

const answers: Record<string, () => Response> = {
  'console-1': () =>
    Response.json({
      transfer: {
        id: 'console-1',
        status: 'COMPLETED',
        type: 'CRYPTO_WITHDRAWAL',
        amount: '0.00000001',
        asset: 'BTC',
        ref_id: 'WD-1',
        created_at: '2026-11-28T10:00:00Z',
        colour: 'teal',
      },
      origin: 'console',
      console: { ref_id: 'WD-1', initiator: 'Ines', approvers: ['Abe'], ledger_status: 'created' },
    }),
  'else-1': () =>
    Response.json({
      transfer: { id: 'else-1', status: 'HELD', type: 'SIGNET_WITHDRAWAL', amount: '5' },
      origin: 'elsewhere',
    }),
  'deposit-1': () =>
    Response.json({
      transfer: { id: 'deposit-1', status: 'COMPLETED', type: 'CRYPTO_DEPOSIT' },
      origin: 'elsewhere',
    }),
  'gone-1': () => problem(404, 'Not Found', 'The service knows no transfer gone-1.'),
  'busy-1': () =>
    problem(429, 'Too Many Requests', 'The service is rate limiting.', { 'retry-after': '30' }),
  'down-1': () => problem(503, 'Service Unavailable', 'The service did not answer.'),
};

let asked: string[] = [];
beforeEach(() => {
  asked = [];
});
stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  asked.push(url.pathname);
  const id = decodeURIComponent(url.pathname.split('/').at(-1)!);
  return answers[id]!();
});

function renderAt(id: string, enabled = true) {
  const activity = enabled ? { enabled: true } : { enabled: false, reason: 'No transfer read.' };
  return renderPage(
    { '/activity/:id': <TransferPage /> },
    {
      url: `/activity/${id}`,
      session: meResponse({ subject: 'v', name: 'Vera' }, ['viewer'], { activity }),
    },
  );
}

describe('TransferPage', () => {
  it('shows a console transfer with who made and approved it, linking to its ledger record', async () => {
    renderAt('console-1');
    const made = await screen.findByRole('region', { name: 'Made by this console' });
    expect(within(made).getByRole('link', { name: 'WD-1' }).getAttribute('href')).toBe(
      '/withdrawals/WD-1',
    );
    expect(made.textContent).toContain('Ines');
    expect(made.textContent).toContain('Abe');
    const facts = screen.getByRole('region', { name: 'At the service' });
    expect(facts.textContent).toContain('0.00000001');
    // The console's usual UTC format; the service's own string on hover.
    const created = within(facts).getByText('2026-11-28 10:00 UTC');
    expect(created.getAttribute('title')).toContain('2026-11-28T10:00:00Z');
    // A member the console does not know is still shown, as sent.
    expect(facts.textContent).toContain('colour');
    expect(facts.textContent).toContain('teal');
    expect(screen.queryByText(/skipped this console's approvals/)).toBeNull();
    expect(asked).toEqual(['/api/transfers/console-1']);
  });

  it('says plainly that a withdrawal made elsewhere skipped the approvals; unknown values as sent', async () => {
    renderAt('else-1');
    expect(
      await screen.findByText("Made outside this console — skipped this console's approvals"),
    ).toBeTruthy();
    expect(screen.getByText('HELD')).toBeTruthy();
    expect(screen.getByText('SIGNET_WITHDRAWAL')).toBeTruthy();
  });

  it('calls a deposit made elsewhere just that, not a skipped approval', async () => {
    renderAt('deposit-1');
    expect(await screen.findByText('Made elsewhere')).toBeTruthy();
    expect(screen.queryByText(/skipped this console's approvals/)).toBeNull();
  });

  it('says the service knows no such transfer on a 404', async () => {
    renderAt('gone-1');
    expect(await screen.findByText('The service knows no transfer with this id')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when the service is rate limiting, and when it is down', async () => {
    renderAt('busy-1');
    const busy = await screen.findByRole('alert');
    expect(busy.textContent).toContain("The service's transfer could not be read");
    expect(busy.textContent).toMatch(/Too many requests: you can try again in \d+ s/);
    cleanup();
    renderAt('down-1');
    const down = await screen.findByRole('alert');
    expect(down.textContent).toContain('The service did not answer.');
    expect(within(down).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says why when the transfer read is off, and asks nothing', async () => {
    renderAt('console-1', false);
    expect(await screen.findByText('No transfer read.')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
