import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';

/** tr-1 (ref-1): 0.01 ETH on its way; `extra` adds what a test's answer carries besides. */
export function pendingEthTransfer(extra: Partial<Transfer> = {}): Transfer {
  return {
    id: 'tr-1',
    ref_id: 'ref-1',
    status: 'PENDING',
    amount: '0.01',
    fee: '0.0004',
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: '0x2D1896e76aF50C066F0fB71bFE327860408E92Be',
    ...extra,
  };
}

/** The BFF's forecast for a destination nobody approved while the allowlist is on. */
export const NOT_ALLOWLISTED_FORECAST = {
  refusal: {
    type: CONSOLE_PROBLEM_TYPES.destinationNotAllowlisted,
    title: 'Destination Not Allowlisted',
    status: 409,
    detail: 'Withdrawals go only to approved destinations, and this is not one.',
  },
};
