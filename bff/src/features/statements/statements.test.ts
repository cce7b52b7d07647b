import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { ListStatementsResponseSchema, type Statement } from '#contract/statements';
import { SCOPES } from '#contract/scopes';
import { SEED_IDS } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import type { UpstreamClient, UpstreamResponse } from '#bff/upstream/upstream-client';
import { CSV_COLUMNS } from './statements-csv';

const customer = SEED_IDS.multiAssetCustomer;

function statementsCalls(bff: TestBff): number {
  return bff.sandbox.stats().requests['GET /v2/statements'] ?? 0;
}

/** The statements of the first `maxPages` pages, read through the list route. */
async function readPages(bff: TestBff, query: string, maxPages = Infinity) {
  const statements: Statement[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await bff.request(
      'GET',
      `/api/statements?${query}${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const page = ListStatementsResponseSchema.parse(res.body);
    statements.push(...page.statements);
    cursor = page.next_page_cursor || undefined;
    pages += 1;
  } while (cursor && pages < maxPages);
  return statements;
}

/** One CSV row per balance, at least one per statement. */
const rowsOf = (statements: Statement[]) =>
  statements.reduce((n, s) => n + Math.max(1, s.statement_balances?.length ?? 0), 0);

function csvLines(text: string): string[] {
  return text.split('\r\n').filter((line) => line.length > 0);
}

describe('GET /api/statements', () => {
  const bff = testBffForSuite();
  afterEach(() => bff.sandbox.reset());

  it('answers the upstream page byte for byte', async () => {
    const res = await bff.request('GET', `/api/statements?customer_id=${customer}&limit=5`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const direct = await fetch(`${bff.sandboxUrl}/v2/statements?customer_id=${customer}&limit=5`, {
      headers: { authorization: `Bearer ${await bff.deps.tokens.getToken(SCOPES.listStatements)}` },
    });
    expect(res.text).toBe(await direct.text());
    const page = ListStatementsResponseSchema.parse(res.body);
    expect(page.statements).toHaveLength(5);
    expect(page.next_page_cursor).toBeTruthy();
  });

  it('sends arrays as repeated parameters and follows the cursor', async () => {
    const first = ListStatementsResponseSchema.parse(
      (
        await bff.request(
          'GET',
          `/api/statements?customer_id=${customer}&statuses=STATEMENT_STATUS_PAID&statuses=STATEMENT_STATUS_GENERATED&limit=3&order=ASC`,
        )
      ).body,
    );
    expect(first.statements.length).toBe(3);
    for (const s of first.statements)
      expect(['STATEMENT_STATUS_PAID', 'STATEMENT_STATUS_GENERATED']).toContain(s.status);
    const second = await bff.request(
      'GET',
      `/api/statements?customer_id=${customer}&statuses=STATEMENT_STATUS_PAID&statuses=STATEMENT_STATUS_GENERATED&limit=3&order=ASC&page_cursor=${encodeURIComponent(first.next_page_cursor!)}`,
    );
    expect(second.status).toBe(200);
    const ids = ListStatementsResponseSchema.parse(second.body).statements.map((s) => s.id);
    expect(ids.some((id) => first.statements.some((s) => s.id === id))).toBe(false);
  });

  it.each([
    ['no customer', '', 'customer_id'],
    ['a bad status', `customer_id=${customer}&statuses=PAID`, 'statuses.0'],
    ['a limit too large', `customer_id=${customer}&limit=100000`, 'limit'],
    ['a fractional limit', `customer_id=${customer}&limit=1.5`, 'limit'],
    ['a hexadecimal limit', `customer_id=${customer}&limit=0x10`, 'limit'],
    ['a limit in exponent notation', `customer_id=${customer}&limit=1e2`, 'limit'],
    ['an unknown parameter', `customer_id=${customer}&from=2024-01-01`, ''],
    ['a repeated customer', `customer_id=a&customer_id=b`, 'customer_id'],
    ['bracket syntax', `customer_id=${customer}&statuses[]=STATEMENT_STATUS_PAID`, ''],
  ])('refuses %s with a 400 problem and field errors, forwarding nothing', async (_n, q, path) => {
    const before = statementsCalls(bff);
    const res = await bff.request('GET', `/api/statements?${q}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ProblemSchema.parse(res.body);
    expect(problem.errors?.some((e) => e.path === path)).toBe(true);
    expect(statementsCalls(bff)).toBe(before);
  });

  it('maps an upstream 400 (a cursor of other filters) to a 400 problem', async () => {
    const res = await bff.request(
      'GET',
      `/api/statements?customer_id=${customer}&page_cursor=not-a-cursor`,
    );
    expect(res.status).toBe(400);
    expect(ProblemSchema.parse(res.body).detail).toMatch(/cursor/);
  });

  it('retries a 503 and answers a persistent one as a 503 problem with Retry-After kept', async () => {
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 503 });
    const res = await bff.request('GET', `/api/statements?customer_id=${customer}`);
    expect(res.status).toBe(503);
    expect(ProblemSchema.parse(res.body).status).toBe(503);
    expect(statementsCalls(bff)).toBe(bff.deps.config.upstreamTuning.maxAttempts);
  });

  it('maps other upstream 5xx to a 502 problem', async () => {
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    const res = await bff.request('GET', `/api/statements?customer_id=${customer}`);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('a reader who goes away aborts the upstream call quietly (no error log)', async () => {
    // The upstream answers long after the reader has gone (500 ms), with room for a slow start.
    bff.sandbox.faults.set({ latencyMs: 2_500 });
    await bff.deps.tokens.getToken(SCOPES.listStatements);
    const before = bff.logs.lines.length;
    const { request } = await import('undici');
    for (const path of ['/api/statements', '/api/statements/export.csv']) {
      const gone = request(`${bff.url}${path}?customer_id=${customer}&limit=1`, {
        headers: { 'x-csrf': '1', 'x-request-id': `gone-${path.length}` },
        signal: AbortSignal.timeout(500),
      });
      await expect(gone).rejects.toThrow();
    }
    const entries = () => bff.logs.entries().slice(before);
    await vi.waitFor(
      () =>
        expect(
          entries()
            .filter((e) => e.msg === 'request aborted')
            .map((e) => e.caller_request_id)
            .sort(),
        ).toEqual(['gone-15', 'gone-26']),
      { timeout: 5_000 },
    );
    expect(entries().filter((e) => e.level === 50)).toEqual([]);
  });

  it('makes one token request per scope for 100 concurrent reads', async () => {
    const fresh = await startTestBff();
    try {
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          fresh.request('GET', `/api/statements?customer_id=${customer}&limit=2`),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const stats = fresh.sandbox.stats();
      expect(stats.tokenRequests.total).toBe(1);
      expect(stats.tokenRequests.byScope).toEqual({ [SCOPES.listStatements]: 1 });
      expect(stats.requests['GET /v2/statements']).toBe(100);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/statements, a page that does not come whole', () => {
  /** The BFF with an upstream whose statements page is `body` (a 200 with a JSON type). */
  const startWith = (body: () => Readable) =>
    startTestBff({
      wrapUpstream: (real: UpstreamClient): UpstreamClient => ({
        ...real,
        call: async (operation, options) => {
          if (operation !== 'listStatements') return real.call(operation, options);
          return {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: body() as unknown as UpstreamResponse['body'],
            possiblyCommitted: false,
            attempts: 1,
          };
        },
      }),
    });

  it('answers a truncated page (a 200 whose JSON stops half way) as a 502 problem', async () => {
    const page = JSON.stringify({
      statements: [{ id: 's-1', ref_id: 'r-1' }],
      next_page_cursor: 'c',
    });
    const truncated = await startWith(() => Readable.from([Buffer.from(page.slice(0, 30))]));
    try {
      const res = await truncated.request('GET', `/api/statements?customer_id=${customer}`);
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ProblemSchema.parse(res.body).detail).toBe(
        'The upstream answered in an unexpected shape.',
      );
      expect((await truncated.request('GET', '/api/me')).status).toBe(200);
    } finally {
      await truncated.close();
    }
  });

  it('passes a page that comes in many chunks on whole, with its length', async () => {
    const page = JSON.stringify({
      statements: [{ id: 's-1', ref_id: 'r-1' }],
      next_page_cursor: '',
    });
    const chunks = page.match(/.{1,7}/g)!.map((part) => Buffer.from(part));
    const chunked = await startWith(() => Readable.from(chunks));
    try {
      const res = await chunked.request('GET', `/api/statements?customer_id=${customer}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(page);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    } finally {
      await chunked.close();
    }
  });

  it('answers a body lost half way as a 502 problem, not a cut 200', async () => {
    const lost = await startWith(
      () =>
        new Readable({
          read() {
            this.push(Buffer.from('{"statements":['));
            this.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
          },
        }),
    );
    try {
      const res = await lost.request('GET', `/api/statements?customer_id=${customer}`);
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await lost.close();
    }
  });
});

describe('GET /api/statements/export.csv', () => {
  const bff = testBffForSuite();
  afterEach(() => bff.sandbox.reset());

  it('walks every page and ends with the complete line', async () => {
    const statements = await readPages(bff, `customer_id=${customer}&limit=7`);
    const direct = statements.map((s) => s.id);
    const res = await bff.request(
      'GET',
      `/api/statements/export.csv?customer_id=${customer}&limit=7`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="statements-/);
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    const rows = lines.slice(1, -1);
    expect(rows.length).toBe(rowsOf(statements));
    expect(rows.length).toBeGreaterThan(direct.length);
    expect(new Set(rows.map((r) => r.split(',')[0]))).toEqual(new Set(direct));
    expect(lines.at(-1)).toBe(`# export complete: ${rows.length} rows`);
    const balanceAsset = CSV_COLUMNS.indexOf('balance_asset');
    expect(new Set(rows.map((r) => r.split(',')[balanceAsset]))).toEqual(
      new Set(['USDG', 'PYUSD', 'USDC']),
    );
  });

  describe('superseded_by_version', () => {
    const fresh = 'f0f0f0f0-0000-4000-8000-00000000c5b2';
    /** Two versions of one month (ids ordered so either may come first) and another month. */
    function addCorrectedMonth(firstId: string, secondId: string) {
      const statement = (id: string, version: number, total: string) =>
        bff.sandbox.addStatement({
          id,
          customer_id: fresh,
          period_start: '2026-03-01T00:00:00Z',
          statement_group_id: 'group-march',
          version,
          metadata: { total_amount: total },
        });
      statement(firstId, 1, '100.00');
      statement(secondId, 2, '90.00');
      bff.sandbox.addStatement({
        id: 'april',
        customer_id: fresh,
        period_start: '2026-04-01T00:00:00Z',
        statement_group_id: 'group-april',
        version: 1,
        metadata: { total_amount: '7.50' },
      });
    }
    async function exported(order: 'ASC' | 'DESC') {
      // One statement a page: the two versions of March stand on two pages.
      const res = await bff.request(
        'GET',
        `/api/statements/export.csv?customer_id=${fresh}&order=${order}&limit=1`,
      );
      expect(res.status).toBe(200);
      const at = (column: string) => CSV_COLUMNS.indexOf(column);
      const rows = csvLines(res.text)
        .slice(1, -1)
        .map((line) => line.split(','));
      return {
        superseded: Object.fromEntries(
          rows.map((cells) => [cells[at('id')], cells[at('superseded_by_version')]]),
        ),
        currentTotal: rows
          .filter((cells) => cells[at('superseded_by_version')] === '')
          .reduce((sum, cells) => sum + Number(cells[at('total_amount')]), 0),
        last: csvLines(res.text).at(-1),
      };
    }

    it.each([
      ['the older version first', 'a-march-v1', 'b-march-v2'],
      ['the correction first', 'b-march-v1', 'a-march-v2'],
    ])('names the version that replaces a statement (%s, across pages)', async (_, v1, v2) => {
      addCorrectedMonth(v1, v2);
      for (const order of ['ASC', 'DESC'] as const) {
        const file = await exported(order);
        expect(file.superseded).toEqual({ [v1]: '2', [v2]: '', april: '' });
        // Summing the rows without a successor totals the current versions only.
        expect(file.currentTotal).toBe(97.5);
        expect(file.last).toBe('# export complete: 3 rows');
      }
    });
  });

  it('writes what it has from a sloppy page and names the rows it could not read fully', async () => {
    const fresh = 'f0f0f0f0-0000-4000-8000-00000000c5b1';
    bff.sandbox.addStatement({
      id: 'readable',
      customer_id: fresh,
      period_start: '2026-01-01T00:00:00Z',
      statement_balances: [{ asset: 'USDG', amount_paid: '1', total_amount_owed: '2' }],
    });
    // Money as a JSON number: never read as a float, the row says so.
    bff.sandbox.addStatement({
      id: 'numeric-amount',
      customer_id: fresh,
      period_start: '2026-02-01T00:00:00Z',
      statement_balances: [
        { asset: 'USDG', amount_paid: 1.5, total_amount_owed: '2' } as unknown as {
          asset: string;
        },
      ],
    });
    bff.sandbox.faults.set({ sloppyStatements: true });
    const res = await bff.request(
      'GET',
      `/api/statements/export.csv?customer_id=${fresh}&order=ASC`,
    );
    expect(res.status).toBe(200);
    const lines = csvLines(res.text);
    // Sloppy: the first statement lost its id, the second its ref_id; both rows are written.
    expect(lines.slice(1, 3)).toHaveLength(2);
    expect(lines[2]!.startsWith('numeric-amount,')).toBe(true);
    expect(lines.slice(3)).toEqual([
      '# incomplete: 1 statement(s) could not be read fully; their rows hold what could',
      '# incomplete row 2: could not read statement_balances.0.amount_paid',
      '# export complete: 2 rows',
    ]);
  });

  it('stops at EXPORT_MAX_PAGES and says so', async () => {
    const capped = await startTestBff({ env: { EXPORT_MAX_PAGES: '2' } });
    try {
      const res = await capped.request(
        'GET',
        `/api/statements/export.csv?customer_id=${SEED_IDS.largeCustomer}&limit=10`,
      );
      expect(res.status).toBe(200);
      const lines = csvLines(res.text);
      expect(lines.at(-1)).toBe(
        `# export partial: ${lines.length - 2} rows, because EXPORT_MAX_PAGES (2) was reached`,
      );
      expect(capped.sandbox.stats().requests['GET /v2/statements']).toBe(2);
    } finally {
      await capped.close();
    }
  });

  it('ends with the partial line when a later page fails', async () => {
    // Two pages succeed, then every call fails (errorRate applies from the next call on).
    let calls = 0;
    const failing = await startTestBff({
      wrapUpstream: (real: UpstreamClient): UpstreamClient => ({
        ...real,
        call: async (operation, options) => {
          calls += 1;
          if (calls === 3) failing.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
          return real.call(operation, options);
        },
      }),
    });
    try {
      const res = await failing.request(
        'GET',
        `/api/statements/export.csv?customer_id=${customer}&limit=5`,
      );
      expect(res.status).toBe(200);
      const lines = csvLines(res.text);
      failing.sandbox.faults.clear();
      const expected = rowsOf(await readPages(failing, `customer_id=${customer}&limit=5`, 2));
      expect(lines.length - 2).toBe(expected);
      expect(lines.at(-1)).toBe(
        `# export partial: ${expected} rows, because the upstream answered 500 (Injected fault)`,
      );
    } finally {
      await failing.close();
    }
  });

  it('ends with the partial line, not a crash, when a page is malformed JSON', async () => {
    let calls = 0;
    const malformed = await startTestBff({
      wrapUpstream: (real: UpstreamClient): UpstreamClient => ({
        ...real,
        call: async (operation, options) => {
          calls += 1;
          if (calls < 2) return real.call(operation, options);
          const response: UpstreamResponse = {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: {
              text: async () => '{"statements":[{"id":"s-1"',
              dump: async () => undefined,
            } as unknown as UpstreamResponse['body'],
            possiblyCommitted: false,
            attempts: 1,
          };
          return response;
        },
      }),
    });
    try {
      const res = await malformed.request(
        'GET',
        `/api/statements/export.csv?customer_id=${customer}&limit=4`,
      );
      expect(res.status).toBe(200);
      const lines = csvLines(res.text);
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.at(-1)).toBe(
        `# export partial: ${lines.length - 2} rows, because the upstream answered malformed JSON`,
      );
      // The BFF is still serving.
      expect((await malformed.request('GET', '/api/me')).status).toBe(200);
      // The same fault on the first page: nothing exported yet, so a 502 problem.
      calls = 1;
      const first = await malformed.request(
        'GET',
        `/api/statements/export.csv?customer_id=${customer}&limit=4`,
      );
      expect(first.status).toBe(502);
      expect(first.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await malformed.close();
    }
  });

  it('refuses a bad query before any upstream call', async () => {
    const res = await bff.request('GET', '/api/statements/export.csv?limit=5');
    expect(res.status).toBe(400);
    expect(statementsCalls(bff)).toBe(0);
  });

  it('answers a first page the upstream refuses as a problem', async () => {
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    const res = await bff.request('GET', `/api/statements/export.csv?customer_id=${customer}`);
    expect(res.status).toBe(502);
    expect(ProblemSchema.parse(res.body).status).toBe(502);
  });

  it('streams a large export in bounded memory with a slow reader', async () => {
    const large = await startTestBff({ env: { EXPORT_MAX_PAGES: '100000' } });
    try {
      const { Client } = await import('undici');
      const client = new Client(large.url);
      const response = await client.request({
        method: 'GET',
        path: `/api/statements/export.csv?customer_id=${SEED_IDS.largeCustomer}&limit=50`,
        headers: { 'x-csrf': '1' },
      });
      expect(response.statusCode).toBe(200);
      const expected = rowsOf(
        await readPages(large, `customer_id=${SEED_IDS.largeCustomer}&limit=500`),
      );
      let bytes = 0;
      let tail = '';
      for await (const chunk of response.body) {
        bytes += (chunk as Buffer).length;
        tail = (tail + (chunk as Buffer).toString('utf8')).slice(-200);
        // A slow reader: the BFF must wait on drain, not buffer the whole export.
        if (bytes < 200_000) await new Promise((r) => setTimeout(r, 2));
      }
      await client.close();
      expect(tail).toMatch(new RegExp(`# export complete: ${expected} rows\\r\\n$`));
      expect(expected).toBeGreaterThan(1200);
    } finally {
      await large.close();
    }
  });
});
