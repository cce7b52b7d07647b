import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, it } from 'vitest';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { addressKeys } from '../api/address-api';
import { AddressEditorPage } from './address-editor-page';

const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

const saved = addressBookEntry(ADDRESS);
const entry = { ...saved, upstream: { ...saved.upstream, nickname: 'Treasury cold wallet' } };

stubFetch(async (input: string) => {
  const url = String(input);
  if (url.startsWith('/api/addresses')) return json({ addresses: [entry] });
  if (url.startsWith('/api/approvals')) return json({ requests: [] });
  if (url.startsWith('/api/vasps')) return json({ items: [], next_page_cursor: null });
  throw new Error(`unexpected ${url}`);
});

// The editor's own review looked the address up before it was saved ("not saved") and that answer
// stayed cached: opening the saved address's editor afterwards took the cached answer, and the
// form (which takes its values when it mounts) opened empty under "Editing the saved address".
it('opens a saved address with its saved details, not an answer cached before it was saved', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], meResponse({ subject: 'dev', name: 'Dev' }, ['address-editor']));
  client.setQueryData(addressKeys.entry('ETHEREUM', ADDRESS, ''), null);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/addresses/new?crypto_network=ETHEREUM&address=${ADDRESS}`]}>
        <Routes>
          <Route path="/addresses/new" element={<AddressEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('Editing the saved address “Treasury cold wallet”');
  expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveProperty(
    'value',
    'Treasury cold wallet',
  );
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Ada');
});
