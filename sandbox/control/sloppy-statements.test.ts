import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ListStatementsResponseSchema } from '#contract/statements';
import { SEED_IDS } from '../seed/seed';
import { SLOPPY_MISSING_IN_TURN } from './sloppy-statements';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// The sloppyStatements control: pages as loose as the service may legally write them.

describe('sloppyStatements', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startTestSandbox();
    token = await t.token();
  });
  beforeEach(() => t.sandbox.reset());
  afterAll(() => t.close());

  const page = (query: string) => t.call('GET', `/v2/statements?${query}`, { token });

  it('is off by default: every statement complete', async () => {
    const res = await page(`customer_id=${SEED_IDS.exampleCustomer}&limit=20`);
    const raw = res.body as { statements: Record<string, unknown>[] };
    for (const statement of raw.statements) expect(statement.id).toEqual(expect.any(String));
  });

  it('drops each member in turn, nulls the next, sends version as a string', async () => {
    t.sandbox.faults.set({ sloppyStatements: true });
    const count = SLOPPY_MISSING_IN_TURN.length;
    const res = await page(`customer_id=${SEED_IDS.exampleCustomer}&limit=${count}`);
    expect(res.status).toBe(200);
    const raw = res.body as { statements: Record<string, unknown>[]; next_page_cursor?: string };
    expect(raw.statements).toHaveLength(count);
    raw.statements.forEach((statement, index) => {
      expect(statement).not.toHaveProperty(SLOPPY_MISSING_IN_TURN[index]!);
      const nulled = SLOPPY_MISSING_IN_TURN[(index + 1) % count]!;
      if (nulled in statement) expect(statement[nulled]).toBeNull();
      if (statement.version !== undefined && statement.version !== null)
        expect(typeof statement.version).toBe('string');
    });
    // The console reads every one of them.
    const parsed = ListStatementsResponseSchema.parse(res.body);
    expect(parsed.statements.filter((s) => s.unreadable)).toEqual([]);
    expect(parsed.statements[0]!.id).toBeUndefined();
    // Paging still works from a sloppy page.
    expect(raw.next_page_cursor).toEqual(expect.any(String));
  });

  it('answers an empty page as {}', async () => {
    t.sandbox.faults.set({ sloppyStatements: true });
    const res = await page('customer_id=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(ListStatementsResponseSchema.parse(res.body)).toEqual({ statements: [] });
  });
});
