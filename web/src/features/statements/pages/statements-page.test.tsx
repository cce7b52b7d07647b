import type { Role } from '#contract/session';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import {
  consoleClient,
  LocationSearch,
  renderPage,
  retrylessClient,
  signIn,
} from '#web-test/render-page';
import { meResponse } from '#web/lib/testing/me-response';
import { RECENT_CUSTOMERS_KEY } from '../lib/recent-customers';
import { StatementsPage } from './statements-page';

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const UNKNOWN_STATUS_CUSTOMER = '00000000-0000-4000-8000-00000000000a';
const BAD_CUSTOMER = '00000000-0000-4000-8000-00000000000b';

const statement = (id: string, month: string, status: string) => ({
  id,
  customer_id: CUSTOMER,
  type: 'STATEMENT_TYPE_USDG_REWARD',
  product: 'USDG_REWARDS',
  status,
  metadata: { total_amount: '10.50' },
  statement_balances: [{ asset: 'USDG', total_amount_owed: '10.50', amount_paid: '0.25' }],
  period_start: `2026-${month}-01T00:00:00.000Z`,
  period_end: `2026-${month}-28T23:59:59.999Z`,
});

function renderAt(url: string, client = retrylessClient(), roles: Role[] = ['viewer']) {
  // Statement payments off: the "Payments differ" filter has its own test.
  if (!client.getQueryData(['me']))
    signIn(client, meResponse({ subject: 'v', name: 'Vera' }, roles));
  return renderPage(
    {
      '/statements': (
        <>
          <StatementsPage />
          <LocationSearch />
        </>
      ),
    },
    { url, client, toasts: true },
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const cursor = url.searchParams.get('page_cursor');
  if (url.searchParams.get('customer_id') === UNKNOWN_STATUS_CUSTOMER) {
    return json({ statements: [statement('s9', '01', 'STATEMENT_STATUS_REVERSED')] });
  }
  if (url.searchParams.get('customer_id') === BAD_CUSTOMER) {
    return json(
      {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The query is not valid',
        errors: [{ path: 'ref_ids.0', message: 'Too long' }],
      },
      400,
    );
  }
  return cursor === 'next-1'
    ? json({ statements: [statement('s3', '03', 'STATEMENT_STATUS_PAID')] })
    : json({
        statements: [
          statement('s1', '05', 'STATEMENT_STATUS_GENERATED'),
          statement('s2', '04', 'STATEMENT_STATUS_INITIATED'),
        ],
        next_page_cursor: 'next-1',
      });
});

describe('StatementsPage', () => {
  it('asks for a customer before fetching anything', () => {
    renderAt('/statements');
    screen.getByText('Choose a customer');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // The hint said "None checked: every status" whatever was checked.
  it('says which statuses a checked box narrows to', () => {
    renderAt('/statements');
    screen.getByText('None checked: every status');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Generated' }));
    screen.getByText('Only Generated; none checked: every status');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Generated' }));
    screen.getByText('None checked: every status');
  });

  it('loads the page the URL names, pages forward with the cursor and back', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}&limit=2`);
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 1, rows 1 to 2');
    // Outstanding = owed − paid, exact.
    expect(screen.getAllByText('10.25')).toHaveLength(2);

    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText(/Page 2, row 3 \(last page\)/);
    expect(screen.getByTestId('location').textContent).toBe(
      `?customer_id=${CUSTOMER}&limit=2&cursor=next-1`,
    );
    const lastCall = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(lastCall.searchParams.get('page_cursor')).toBe('next-1');
    expect(lastCall.searchParams.get('limit')).toBe('2');

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', {
        name: 'Previous',
      }),
    );
    await screen.findByText(/Page 1, rows 1 to 2/);
    expect(screen.getByTestId('location').textContent).toBe(`?customer_id=${CUSTOMER}&limit=2`);
  });

  it('shows an unknown status as its raw value', async () => {
    renderAt(`/statements?customer_id=${UNKNOWN_STATUS_CUSTOMER}`);
    await screen.findByText('STATEMENT_STATUS_REVERSED');
  });

  it('puts the BFF field errors beside the filter they concern, with a retry', async () => {
    renderAt(`/statements?customer_id=${BAD_CUSTOMER}&ref_ids=x`);
    await screen.findByText('Too long');
    screen.getByRole('button', { name: 'Try again' });
    expect(screen.getByLabelText('Ref ids').getAttribute('aria-invalid')).toBe('true');
  });

  it('applies the filters from the form to the URL, starting from page 1', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}&cursor=old`);
    await screen.findByRole('navigation', { name: 'Pages' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paid' }));
    fireEvent.change(screen.getByLabelText('Ref ids'), { target: { value: 'a, b\nc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statements' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `?customer_id=${CUSTOMER}&statuses=STATEMENT_STATUS_PAID&ref_ids=a&ref_ids=b&ref_ids=c`,
      ),
    );
  });

  it('normalises an upper-case customer UUID: same query, same "Recent" entry', async () => {
    renderAt('/statements');
    fireEvent.change(screen.getByLabelText(/Customer id/), {
      target: { value: `  ${CUSTOMER.toUpperCase()} ` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show statements' }));
    await screen.findByRole('navigation', { name: 'Pages' });
    expect(screen.getByTestId('location').textContent).toBe(`?customer_id=${CUSTOMER}`);
    const call = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(call.searchParams.get('customer_id')).toBe(CUSTOMER);
    await vi.waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(RECENT_CUSTOMERS_KEY) ?? '[]')).toEqual([
        CUSTOMER,
      ]),
    );
  });

  it('refuses a truncated customer id inline, asks nothing and does not remember it', () => {
    renderAt('/statements');
    const field = screen.getByLabelText(/Customer id/);
    fireEvent.change(field, { target: { value: CUSTOMER.slice(0, 20) } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statements' }));
    screen.getByText(/looks cut off \(20 of 36 characters\)/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(RECENT_CUSTOMERS_KEY)).toBeNull();
  });

  it('refuses a truncated id that arrives in a link, without asking the service', () => {
    renderAt(`/statements?customer_id=${CUSTOMER.slice(0, 13)}`);
    screen.getByText(/looks cut off/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Clear filters" resets the table as well as the form', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}&statuses=STATEMENT_STATUS_PAID&ref_ids=a`);
    await screen.findByRole('navigation', { name: 'Pages' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`?customer_id=${CUSTOMER}`),
    );
    const call = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(call.searchParams.getAll('statuses')).toEqual([]);
    expect(call.searchParams.getAll('ref_ids')).toEqual([]);
  });

  it('clears "Export complete" when the filters change: the message belongs to what it exported', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    const lists = fetchMock.getMockImplementation() as (
      input: RequestInfo | URL,
    ) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('export.csv')
        ? new Response('id\ns1\n# export complete: 1 row\n', {
            headers: { 'Content-Type': 'text/csv' },
          })
        : lists(input),
    );
    renderAt(`/statements?customer_id=${CUSTOMER}&statuses=STATEMENT_STATUS_PAID`);
    await screen.findByRole('navigation', { name: 'Pages' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Export complete: 1 row');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`?customer_id=${CUSTOMER}`),
    );
    expect(screen.queryByText(/Export complete/)).toBeNull();
  });

  it('says a failed load is being tried again, with why and which attempt, until it loads', async () => {
    // Issue 13, item 11: retries were invisible, so a failing service looked like a slow one.
    const client = consoleClient();
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retryDelay: 10 },
    });
    let answerSecond: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(async () =>
      json(
        { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Upstream down' },
        503,
      ),
    );
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (answerSecond = resolve)),
    );
    renderAt(`/statements?customer_id=${CUSTOMER}`, client);
    // A generous wait: on a busy machine the first render of the page alone can take a second.
    const progress = await screen.findByText(/Trying again: attempt 2 of 3/, undefined, {
      timeout: 5_000,
    });
    expect(progress.textContent).toContain('Service Unavailable');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    // The progress shows as soon as the first attempt fails, a moment before the retry's request
    // leaves: answer it only once it has.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    answerSecond(json({ statements: [statement('s1', '05', 'STATEMENT_STATUS_GENERATED')] }));
    await screen.findByRole('navigation', { name: 'Pages' }, { timeout: 5_000 });
    expect(screen.queryByText(/Trying again/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('a direct /statements link for an operator without the viewer role (issue 42, item 12)', () => {
  it('says which role it needs, and asks the BFF nothing', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderAt(`/statements?customer_id=${CUSTOMER}`, undefined, ['withdrawal-approver']);
    screen.getByText(/^Reading reward statements needs/);
    expect(screen.getByRole('link', { name: 'the approval policy' }).getAttribute('href')).toBe(
      '/policy',
    );
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
