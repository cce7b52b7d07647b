import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { batchCsv, startBatchHarness, type BatchHarness } from '#bff-test/batch-harness';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';

// Issue 28: any interleaving of re-uploads, submits (double clicks: two at once), sender rounds,
// pauses, restarts and crashes mid-send sends each row at most once; and once the batch is let
// finish, exactly once (none lost).

const SCHEMA = 'test_withdrawal_batches_property';
const ROWS = 5;

const COMMANDS = [
  'upload',
  'submit',
  'doubleSubmit',
  'round',
  'crashRound',
  'restart',
  'pause',
  'resume',
] as const;
type Command = (typeof COMMANDS)[number];

let nonce = 0;

describe.each(ALL_BACKENDS)('a batch sends each row at most once on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let h: BatchHarness;
  beforeAll(async () => {
    h = await startBatchHarness(backend, SCHEMA);
  });
  afterAll(() => h?.close());

  async function run(id: string, csv: string, command: Command): Promise<void> {
    const batch = `/api/withdrawal-batches/${id}`;
    switch (command) {
      case 'upload':
        expect([200, 201]).toContain((await h.upload(csv)).status);
        return;
      case 'submit':
        expect([200, 202]).toContain((await h.post(`${batch}/submit`)).status);
        return;
      case 'doubleSubmit': {
        const both = await Promise.all([h.post(`${batch}/submit`), h.post(`${batch}/submit`)]);
        for (const res of both) expect([200, 202]).toContain(res.status);
        return;
      }
      case 'round':
        await h.round();
        return;
      case 'crashRound': {
        h.dieAfterSend(true);
        const stuck = h.stuck();
        const round = h.round();
        for (let i = 0; i < 100 && h.stuck() === stuck; i++)
          await Promise.race([round, new Promise((r) => setTimeout(r, 10))]);
        await h.restart();
        return;
      }
      case 'restart':
        await h.restart();
        return;
      case 'pause':
      case 'resume':
        // Refused (409) when the batch is not in a state for it: nothing changes.
        expect([200, 409]).toContain((await h.post(`${batch}/${command}`)).status);
    }
  }

  it('whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...COMMANDS), { minLength: 1, maxLength: 8 }),
        async (commands) => {
          const csv = batchCsv(`prop-${Date.now()}-${++nonce}`, ROWS);
          const first = await h.upload(csv);
          const id = (first.body as WithdrawalBatch).id;
          const refIds = (first.body as WithdrawalBatch).rows.map((r) => r.ref_id);
          const sent = () => refIds.map((ref) => h.bff.sandbox.transfers({ ref_id: ref }).length);
          for (const command of commands) {
            await run(id, csv, command);
            expect(sent().every((n) => n <= 1)).toBe(true);
          }
          // Let it finish: no crash, not paused, submitted.
          await h.restart();
          await h.post(`/api/withdrawal-batches/${id}/resume`);
          await h.post(`/api/withdrawal-batches/${id}/submit`);
          const done = await h.sendAll(id);
          expect(done.status).toBe('done');
          expect(sent()).toEqual(refIds.map(() => 1));
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
