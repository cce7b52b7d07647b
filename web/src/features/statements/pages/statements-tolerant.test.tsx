import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { StatementDetailPage } from './statement-detail-page';
import { StatementsPage } from './statements-page';
import { meResponse } from '#web/lib/testing/me-response';

// Customer ids are UUIDs (the page refuses other shapes before asking).
const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const EMPTY_CUSTOMER = '00000000-0000-4000-8000-000000000000';
const BIG_VERSION_CUSTOMER = '11111111-1111-4111-8111-111111111111';

// Pages as loose as the service may write them (docs/upstream-contract.md): no member of a
// statement is required, null is "not given", version may be a string, an empty page is {}.

const full = {
  id: 's-full',
  ref_id: 'RWD-2026-05-cust',
  customer_id: CUSTOMER,
  type: 'STATEMENT_TYPE_USDG_REWARD',
  product: 'USDG_REWARDS',
  status: 'STATEMENT_STATUS_PAID',
  metadata: { total_amount: '10.50' },
  statement_balances: [{ asset: 'USDG', total_amount_owed: '10.50', amount_paid: '0.25' }],
  period_start: '2026-05-01T00:00:00.000Z',
  period_end: '2026-05-31T23:59:59.999Z',
  generated_at: '2026-06-01T00:00:00.000Z',
  created_at: '2026-05-01T00:00:00.000Z',
  paid_at: '2026-06-02T00:00:00.000Z',
  statement_group_id: 'g-1',
  version: 1,
  files: [],
};
const KEYS = Object.keys(full) as (keyof typeof full)[];

/** One statement per member: that member missing, the next one null, version a string. */
const sloppy = KEYS.map((key, index) => {
  const copy: Record<string, unknown> = { ...full, id: `s-${key}`, version: '2' };
  delete copy[key];
  const next = KEYS[(index + 1) % KEYS.length]!;
  if (next !== 'id') copy[next] = null;
  return copy;
});

const unreadable = {
  id: 's-bad',
  customer_id: CUSTOMER,
  period_start: '2026-01-01T00:00:00.000Z',
  statement_balances: [{ asset: 'USDG', total_amount_owed: '5', amount_paid: 5 }],
};

// Statement payments off: the detail's payments card has its own test.
const renderAt = (url: string) =>
  renderPage(
    { '/statements': <StatementsPage />, '/statements/:statementId': <StatementDetailPage /> },
    { url, toasts: true, session: meResponse({ subject: 'v', name: 'Vera' }, ['viewer']) },
  );

beforeEach(() => {
  window.localStorage.clear();
});

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const customer = url.searchParams.get('customer_id');
  if (customer === EMPTY_CUSTOMER) return json({});
  if (customer === BIG_VERSION_CUSTOMER)
    // An int64 version beyond 2^53, written as a JSON number (JSON.stringify cannot).
    return new Response(
      JSON.stringify({ statements: [{ ...full, id: 's-big', version: 0 }] }).replace(
        '"version":0',
        '"version":9223372036854775807',
      ),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  if (url.searchParams.get('statement_ids') === 's-bad') return json({ statements: [unreadable] });
  return json({ statements: [...sloppy, unreadable, 'not a statement'] });
});

describe('statements read tolerantly', () => {
  it('shows {} as an empty page, not an error', async () => {
    renderAt(`/statements?customer_id=${EMPTY_CUSTOMER}`);
    await screen.findByText('No statements match these filters');
    expect(screen.queryByText('The statements could not be loaded')).toBeNull();
  });

  it('shows every statement with a member missing, null or a string version as a row', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}`);
    const table = await screen.findByRole('table');
    // Every sloppy statement, the partly unreadable one and the one that is not an object.
    expect(table.querySelectorAll('tbody tr')).toHaveLength(sloppy.length + 2);
    expect(screen.queryByText('The statements could not be loaded')).toBeNull();
    // Without an id the period is plain text (nothing to open); with one it is a link.
    expect(screen.getAllByRole('link', { name: /2026/ }).length).toBeGreaterThan(0);
    // The string version shows as a correction.
    expect(screen.getAllByText('v2').length).toBeGreaterThan(0);
  });

  it('shows a version beyond 2^53 sent as a JSON number with every digit', async () => {
    renderAt(`/statements?customer_id=${BIG_VERSION_CUSTOMER}`);
    await screen.findByText('v9223372036854775807');
    expect(screen.queryByText('v9223372036854776000')).toBeNull();
  });

  it('says in the row what could not be read, and keeps the raw JSON of an id-less one', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}`);
    await screen.findByText(/Could not read: statement_balances\.0\.amount_paid/);
    screen.getByText(/This statement could not be read at all/);
    screen.getByText('"not a statement"');
  });

  it('the detail of a partly unreadable statement names the field and shows it as received', async () => {
    renderAt(`/statements/s-bad?customer_id=${CUSTOMER}`);
    await screen.findByText('Part of this statement could not be read');
    screen.getByText(/Could not read: statement_balances\.0\.amount_paid/);
    screen.getByText(/"amount_paid": 5/);
  });
});
