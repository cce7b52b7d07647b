import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Withdrawals from '#contract/withdrawals';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { NewWithdrawalPage } from './new-withdrawal-page';

// The review code review found the withdrawal schema run three times a submit (the resolver, the
// form's submit handler, the page's review); and again on every render of the review step.

/** Every run of the contract's withdrawal request schema, whoever made the schema. */
const schemaRuns = vi.hoisted(() => ({ count: 0 }));

vi.mock('#contract/withdrawals', async (importOriginal) => {
  const actual = await importOriginal<typeof Withdrawals>();
  return {
    ...actual,
    createCryptoWithdrawalRequestSchema: (
      ...args: Parameters<typeof actual.createCryptoWithdrawalRequestSchema>
    ) => {
      const schema = actual.createCryptoWithdrawalRequestSchema(...args);
      for (const method of ['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const) {
        const run = schema[method].bind(schema) as (...a: unknown[]) => unknown;
        Object.assign(schema, {
          [method]: (...a: unknown[]) => {
            schemaRuns.count += 1;
            return run(...a);
          },
        });
      }
      return schema;
    },
  };
});

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

beforeEach(() => {
  sessionStorage.clear();
  schemaRuns.count = 0;
});

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/addresses') return json({ addresses: [addressBookEntry(ADDRESS)] });
  if (url.pathname === '/api/approvals') return json({ requests: [] });
  throw new Error(`unexpected ${url.pathname}`);
});

const renderNewWithdrawal = () =>
  renderPage(<NewWithdrawalPage />, {
    url: '/withdrawals/new',
    client: consoleClient(),
    session: meResponse({ subject: 'op-1', name: 'Olive Operator' }, [
      'viewer',
      'withdrawal-initiator',
    ]),
    suspense: true,
  });

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('the new withdrawal form', () => {
  it('runs the withdrawal schema once per submit, through the resolver, and not again to review', async () => {
    renderNewWithdrawal();
    const form = screen.getByRole('form', { name: 'New withdrawal' });
    type(/^Profile id/, PROFILE);
    type(/^Asset/, 'ETH');
    fireEvent.change(within(form).getByRole('combobox', { name: /^Network/ }), {
      target: { value: 'ETHEREUM' },
    });
    type(/^Destination address/, ADDRESS);
    type(/^Amount to send/, '1.5');
    // Typing into untouched fields does not validate yet (mode onTouched): only the submit does.
    schemaRuns.count = 0;

    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const review = await screen.findByRole('region', { name: 'Review the withdrawal' });
    expect(schemaRuns.count).toBe(1);

    // The review step renders again as the destination's facts arrive: no new run.
    await within(review).findByText('Saved in the address book as “Treasury cold wallet”');
    expect(schemaRuns.count).toBe(1);
  });

  it('runs it once for a submit the schema refuses, and shows the field errors', async () => {
    renderNewWithdrawal();
    type(/^Profile id/, PROFILE);
    schemaRuns.count = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const asset = screen.getByRole('textbox', { name: /^Asset/ });
    await vi.waitFor(() => expect(asset.getAttribute('aria-invalid')).toBe('true'));
    expect(schemaRuns.count).toBe(1);
    expect(screen.queryByRole('region', { name: 'Review the withdrawal' })).toBeNull();
  });
});
