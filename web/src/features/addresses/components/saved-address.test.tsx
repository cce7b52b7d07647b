import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoDestinationAddressSchema } from '#contract/destination-addresses';
import { renderPage } from '#web-test/render-page';
import { ADDRESS_EDITOR_IN_PRODUCTION } from '#web-test/session';
import { SavedAddress } from './saved-address';

afterEach(cleanup);

const SESSION = ADDRESS_EDITOR_IN_PRODUCTION;

// Issue 9, "read tolerantly": an address answer with a member this console cannot read is shown
// as far as it was read, names the rest, and keeps the answer as received (as the transfer card
// and the statements do), never a failed page.
describe('SavedAddress', () => {
  it('shows what it got of a partly unreadable answer, names the rest and keeps it raw', () => {
    const saved = CryptoDestinationAddressSchema.parse({
      id: 'addr-1',
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      nickname: 'Payouts',
      bookmarked: 'yes',
      created_at: null,
    });
    expect(saved.unreadable?.fields).toEqual(['bookmarked']);
    renderPage(
      <SavedAddress
        saved={saved}
        network="ETHEREUM"
        returnTo={undefined}
        canWithdraw={false}
        onSaveAnother={() => undefined}
      />,
      { session: SESSION },
    );
    screen.getByText('Address saved');
    expect(screen.getAllByText('Payouts').length).toBeGreaterThan(0);
    screen.getByText("Part of the service's answer could not be read");
    screen.getByText('bookmarked');
    screen.getByText('The answer as received (JSON)');
    screen.getByText(/"bookmarked": "yes"/);
  });
});
