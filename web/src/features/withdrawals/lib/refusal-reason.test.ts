import { describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { refusalReason } from './refusal-reason';

const record = (over: Partial<WithdrawalRecord>): WithdrawalRecord => ({
  ref_id: 'r',
  status: 'created',
  operator: { subject: 's', name: 'n' },
  request_hash: 'h',
  request: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('refusalReason', () => {
  it('gives the service title and detail of a refusal', () => {
    expect(
      refusalReason(
        record({
          status: 'refused',
          problem: {
            type: 'about:blank',
            title: 'Insufficient Funds',
            status: 403,
            detail: 'The profile holds 1 ETH',
          },
        }),
      ),
    ).toBe('Insufficient Funds: The profile holds 1 ETH');
  });

  it('says nothing for a created withdrawal and "Outcome unknown" without a problem', () => {
    expect(refusalReason(record({}))).toBeUndefined();
    expect(refusalReason(record({ status: 'unknown' }))).toBe('Outcome unknown');
  });
});
