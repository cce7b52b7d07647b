import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { heldAddressRequest } from '#web/lib/testing/held-address-request';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { EMPTY_ADDRESS_FORM, type AddressFormValues } from '../lib/address-form-values';
import { AddressEditor } from './address-editor';

const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const INITIAL: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM',
  address: ADDRESS,
  beneficiary_kind: 'self',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

/** What PUT /api/addresses answers in each test. */
let putAnswer: () => Response;
/** What the BFF's registry says the address imitates. */
let lookAlikes: unknown[];

beforeEach(() => {
  lookAlikes = [];
});

stubFetch(async (input: string, init?: RequestInit) => {
  const url = String(input);
  if (init?.method === 'PUT') return putAnswer();
  if (url.startsWith('/api/addresses')) return json({ addresses: [] });
  if (url.startsWith('/api/approvals/apr-held'))
    return json(heldAddressRequest('apr-held', ADDRESS));
  if (url.startsWith('/api/approvals')) return json({ requests: [] });
  if (url.startsWith('/api/destinations/look-alikes'))
    return json({ look_alikes: lookAlikes, unread: [] });
  throw new Error(`unexpected ${url}`);
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], meResponse({ subject: 'dev', name: 'Dev' }, ['address-editor']));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/addresses/edit']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <AddressEditor
                  initialValues={INITIAL}
                  loadedFrom={undefined}
                  allowTestnet={false}
                  canWithdraw={false}
                  returnTo={undefined}
                />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const steps = () => within(screen.getByRole('list', { name: 'Steps' }));
const currentStep = () =>
  steps()
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

async function review() {
  // jsdom leaves a registered select on its first option: choose the network as an operator does.
  fireEvent.change(screen.getByRole('combobox', { name: /Network/ }), {
    target: { value: 'ETHEREUM' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Review' }));
  const heading = await screen.findByRole('heading', { name: 'Review before saving' });
  expect(currentStep()).toBe('2. Review');
  expect(document.activeElement).toBe(heading);
}

// The editor's steps (details, review, saved or held) and where a save's answer lands.
describe('AddressEditor', () => {
  it('goes from the details to the review to the saved address', async () => {
    putAnswer = () =>
      json({ address: { id: 'addr-1', crypto_network: 'ETHEREUM', address: ADDRESS } });
    renderEditor();
    screen.getByRole('heading', { name: 'Details' });
    expect(currentStep()).toBe('1. Details');
    await review();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const heading = await screen.findByRole('heading', { name: 'Saved' });
    expect(currentStep()).toBe('3. Saved');
    expect(document.activeElement).toBe(heading);
  });

  it('puts the fields the server refused back on the form and focuses the first', async () => {
    putAnswer = () =>
      json(
        {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          errors: [{ path: 'nickname', message: 'Too long' }],
        },
        400,
      );
    renderEditor();
    await review();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Invalid request: the fields marked below were refused.',
    );
    const nickname = screen.getByRole('textbox', { name: 'Nickname' });
    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(nickname));
    // And it stays there: nothing after (the step's heading) takes the focus back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(nickname);
  });

  it('says a held save waits for approval, and starts over for another address', async () => {
    putAnswer = () => json({ approval: heldAddressRequest('apr-held', ADDRESS) }, 202);
    renderEditor();
    await review();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByRole('heading', { name: 'Approval' });
    expect(currentStep()).toBe('3. Approval');
    fireEvent.click(screen.getByRole('button', { name: 'Save another address' }));
    await screen.findByRole('heading', { name: 'Details' });
    expect(currentStep()).toBe('1. Details');
    expect((screen.getByRole('textbox', { name: /^Address/ }) as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('where').textContent).toBe('/addresses/new');
  });

  it('says on the details step that the address looks like one the service holds', async () => {
    // The Treasury cold wallet is saved at the service only, not in the console's book.
    const treasury = '0x8Cf7000000000000000000000000000000006Ddc';
    lookAlikes = [
      {
        crypto_network: 'ETHEREUM',
        address: treasury,
        nickname: 'Treasury cold wallet',
        source: 'service',
      },
    ];
    renderEditor();
    const notice = await screen.findByRole('alert');
    expect(currentStep()).toBe('1. Details');
    expect(notice.textContent).toContain('Look-alike address');
    expect(notice.textContent).toContain('Treasury cold wallet (saved at the service');
  });
});
