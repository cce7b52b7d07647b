import { NO_APPROVALS_POLICY } from '#contract/approvals';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransferSchema } from '#contract/withdrawals';
import { renderPage } from '#web-test/render-page';
import { TransferCard } from './transfer-card';

afterEach(cleanup);

describe('TransferCard', () => {
  it('shows what it got of a partly unreadable transfer, names the rest and keeps it raw', () => {
    const transfer = TransferSchema.parse({
      id: 't-1',
      status: 'PENDING',
      amount: 0.5,
      fee: null,
      asset: 'ETH',
      auto_conversion: {},
    });
    // The card asks the session which environment it is in (explorer links: mainnet or testnet).
    const session = {
      operator: { subject: 'op-1', name: 'Olive Operator' },
      roles: ['viewer'],
      environment: { kind: 'production', name: 'Production', allow_testnet: false },
      features: {
        transfer_status: { enabled: true },
        fee_quotes: { enabled: true },
        vasp_directory: { enabled: true },
        service_addresses: { enabled: true },
      },
      approval_policy: NO_APPROVALS_POLICY,
    };
    renderPage(<TransferCard transfer={transfer} />, { session });
    screen.getByText('t-1');
    screen.getByText('Could not read');
    screen.getByText('amount');
    screen.getByText(/"amount": 0.5/);
    // A money figure from a JSON number is never displayed as if it were read.
    expect(screen.queryByText('0.5 ETH')).toBeNull();
  });
});
