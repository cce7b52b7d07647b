import { describe, expect, it } from 'vitest';
import type { Environment } from '#contract/session';
import type { Operator } from '#bff/auth/operator';
import { buildBatch } from './build-batch';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const EVM = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const OPERATOR: Operator = { subject: 'ana', name: 'Ana', roles: ['withdrawal-initiator'] };
const ENV = { allow_testnet: false } as Environment;

describe('a CSV file as a batch (papaparse, the one schema)', () => {
  it('numbers lines as the file has them, quoted line breaks and blank lines included', async () => {
    const csv =
      '\uFEFFprofile,asset,network,destination,amount,memo\r\n' +
      `${PROFILE},USDG,ETHEREUM,${EVM},1,"two\nlines"\r\n` +
      '\r\n' +
      `${PROFILE},USDG,ETHEREUM,0xnot,1,\r\n`;
    const { batch, rows } = await buildBatch(csv, { operator: OPERATOR, environment: ENV });
    expect(batch.fileErrors).toEqual([]);
    expect(rows.map((r) => [r.row, r.line, r.state])).toEqual([
      [1, 2, 'ready'],
      [2, 5, 'invalid'],
    ]);
    expect(rows[1]!.errors[0]).toMatchObject({ line: 5, column: 'destination' });
    expect(rows[0]!.request).toMatchObject({ memo: 'two\nlines', ref_id: `batch-${batch.id}-1` });
  });

  it('resolves a profile nickname to its one id; unknown or ambiguous is the row error', async () => {
    const csv =
      'profile,asset,network,destination,amount\n' +
      `Treasury,USDG,ETHEREUM,${EVM},1\n` +
      `Nobody,USDG,ETHEREUM,${EVM},1\n` +
      `Twins,USDG,ETHEREUM,${EVM},1\n`;
    const ids: Record<string, string[]> = { Treasury: [PROFILE], Twins: ['a', 'b'] };
    const { rows } = await buildBatch(csv, {
      operator: OPERATOR,
      environment: ENV,
      resolveProfile: async (nickname) => ids[nickname] ?? [],
    });
    expect(rows[0]).toMatchObject({ state: 'ready', request: { profile_id: PROFILE } });
    expect(rows[1]!.errors[0]?.message).toMatch(/No profile is nicknamed "Nobody"/);
    expect(rows[2]!.errors[0]?.message).toMatch(/2 profiles/);
  });

  it('accepts ids only without a nickname reader, and says so', async () => {
    const csv = `profile,asset,network,destination,amount\nTreasury,USDG,ETHEREUM,${EVM},1\n`;
    const { rows } = await buildBatch(csv, { operator: OPERATOR, environment: ENV });
    expect(rows[0]!.errors[0]?.message).toMatch(/Give the profile id/);
  });

  it('names a bad header on line 1', async () => {
    const { batch } = await buildBatch('profile,asset\nx,y\n', {
      operator: OPERATOR,
      environment: ENV,
    });
    expect(batch.fileErrors.map((e) => e.column)).toEqual(['network', 'destination', 'amount']);
  });
});
