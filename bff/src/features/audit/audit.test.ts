import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { csvCell } from '#contract/csv-cell';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';

const BFF_SRC = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('audit trail', () => {
  it('no code path updates or deletes an event (only the refusing trigger names them)', () => {
    const offenders = sourceFiles(BFF_SRC).filter((file) =>
      /\b(UPDATE\s+audit_events|DELETE\s+FROM\s+audit_events|TRUNCATE\s+(TABLE\s+)?audit_events)\b/i.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('CSV fields: quoted when needed, formulas neutralised', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // One rule with the statements export (contract/csv-cell.ts): a plain negative number is data
    // a spreadsheet runs nothing from; anything more after the sign is still guarded.
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('-1+2')).toBe("'-1+2");
  });
});

describe.each(ALL_BACKENDS)('GET /api/audit/export.csv on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { store, bff } = storeAndBffForSuite(backend, 'test_audit_export', () => ({
    env: { LOG_LEVEL: 'warn' },
  }));

  it('walks every page of a long trail, newest first, with the filters applied', async () => {
    // More than two export pages (500 each), in one statement.
    await store.db.query(
      `INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome, request_id)
       SELECT CASE WHEN g % 3 = 0 THEN 'bob' ELSE 'alice' END, ARRAY['viewer'], 'address.put',
              'target-' || g, 'h', 'created', 'r-' || g
         FROM generate_series(1, 1203) AS g`,
    );
    const all = await bff.request('GET', '/api/audit/export.csv');
    expect(all.status).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/attachment/);
    const rows = all.text.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1203);
    const ids = rows.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(1203);

    const bob = await bff.request('GET', '/api/audit/export.csv?operator=bob');
    const bobRows = bob.text.trim().split('\r\n').slice(1);
    expect(bobRows).toHaveLength(401);
    expect(bobRows.every((r) => r.split(',')[2] === 'bob')).toBe(true);

    const page = await bff.request('GET', '/api/audit?operator=bob&limit=400');
    const body = page.body as { events: unknown[]; next_cursor?: string };
    expect(body.events).toHaveLength(400);
    const rest = await bff.request(
      'GET',
      `/api/audit?operator=bob&limit=400&cursor=${encodeURIComponent(body.next_cursor!)}`,
    );
    expect((rest.body as { events: unknown[]; next_cursor?: string }).events).toHaveLength(1);
    expect((rest.body as { next_cursor?: string }).next_cursor).toBeUndefined();
  });
});
