import { describe, expect, it } from 'vitest';
import type { HeldForApprovalResponse } from '#contract/approvals';
import type { AuditEvent } from '#contract/audit';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';

// Issue 26 item 8: an address saved only at the service was "a new address" when its Travel
// Rule data changed, and "Created" in the audit trail when the console first saved it: it is a
// change of what the service holds, said one way everywhere.

const POLICY = {
  withdrawals: { require: 'never' },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 0,
  },
  destinations: { allowlist: false },
};

describe('a change of an address saved only at the service', () => {
  const bff = testBffForSuite(() => ({
    env: {
      LOG_LEVEL: 'warn',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000',
      APPROVAL_POLICY: JSON.stringify(POLICY),
    },
  }));

  it('is held as a Travel Rule change, never as a new address', async () => {
    const res = await bff.request('PUT', '/api/addresses', {
      body: {
        crypto_network: 'STELLAR',
        address: SAMPLE_ADDRESSES.stellarA,
        identity_id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
        travelrule_metadata: {
          beneficiary: { self: true },
          custodian_type: 'VASP',
          vasp: { id: 'vasp-kraken' },
        },
      },
    });
    expect(res.status).toBe(202);
    const { approval } = res.body as HeldForApprovalResponse;
    expect(approval.address?.change).toBe('travel_rule');
    expect(approval.reason).toBe('Travel Rule data changed');
  });

  it('saves a nickname change at once, audited as "updated"', async () => {
    const res = await bff.request('PUT', '/api/addresses', {
      body: { crypto_network: 'BASE', address: SAMPLE_ADDRESSES.evmB, nickname: 'Base hot wallet' },
    });
    expect(res.status).toBe(200);
    const events = (
      (await bff.request('GET', '/api/audit?action=address.put')).body as { events: AuditEvent[] }
    ).events;
    expect(events[0]).toMatchObject({ outcome: 'updated' });
    expect(events[0]!.changed_fields).toContain('nickname');
  });
});
