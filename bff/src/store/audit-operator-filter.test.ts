import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListAuditQuery } from '#contract/audit';
import { InvalidCursorError } from './cursor';
import { openDatabase, type Database } from './database';
import { applyMigrations, loadMigrations } from './migrate';
import type { NewAuditEvent } from './audit-log-port';
import { createSqlAuditLog } from './sql-audit-log';
import {
  ALL_BACKENDS,
  dropSchema,
  skipWithoutServer,
  TEST_DATABASE_URL,
  storeForSuite,
} from './testing/test-stores';

// Issue 26, item 13: the audit trail's operator filter needed the exact subject. It now finds an
// operator by any word of their subject or name, from its start, in any case.

const event = (subject: string, name?: string): NewAuditEvent => ({
  operator_subject: subject,
  ...(name !== undefined ? { operator_name: name } : {}),
  roles: ['viewer'],
  action: 'address.put',
  target: `t-${subject}`,
  request_hash: 'h',
  outcome: 'created',
  request_id: `r-${subject}`,
});

describe.each(ALL_BACKENDS)('the audit operator filter on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_audit_operator_filter');

  beforeAll(async () => {
    for (const e of [
      event('Alice.Smith@Corp.test', 'Alice Smith'),
      event('malice', 'Mal Ice'),
      event('op-7', 'José Müller'),
      event('50%_off', 'Percent'),
      event('500-off', 'Five hundred'),
    ])
      await store.audit.append(e);
    // Written before names were kept: found by its subject only.
    await store.db.query(
      `INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome, request_id)
       VALUES ('Legacy.Bob', ARRAY['viewer'], 'address.put', 't', 'h', 'created', 'r')`,
    );
  });

  const subjects = async (operator: string) =>
    (await store.audit.list({ operator })).events.map((e) => e.operator_subject).sort();

  it('matches a prefix of the subject or of any of its words, in any case', async () => {
    expect(await subjects('ALICE')).toEqual(['Alice.Smith@Corp.test']);
    expect(await subjects('smi')).toEqual(['Alice.Smith@Corp.test']);
    expect(await subjects('alice.smith@corp.test')).toEqual(['Alice.Smith@Corp.test']);
    // A word's start, not anywhere inside it.
    expect(await subjects('lice')).toEqual([]);
  });

  it('matches the display name, folded as identities are (contract/identity.ts)', async () => {
    expect(await subjects('müll')).toEqual(['op-7']);
    expect(await subjects('JOSÉ MÜLLER')).toEqual(['op-7']);
    expect(await subjects('mal ice')).toEqual(['malice']);
  });

  it('takes %, _ and \\ literally (the LIKE escaping helper)', async () => {
    expect(await subjects('50%')).toEqual(['50%_off']);
    expect(await subjects('50%_')).toEqual(['50%_off']);
    expect(await subjects('5_0')).toEqual([]);
  });

  it('finds events written before the search text by their subject, in any case', async () => {
    expect(await subjects('legacy')).toEqual(['Legacy.Bob']);
    expect(await subjects('LEGACY.BOB')).toEqual(['Legacy.Bob']);
  });
});

// Issue 27, item 4: the filter looks the words up in audit_operators (migration 019), then reads
// the matching operators' events from their own index, page by page, merged.
describe.each(ALL_BACKENDS)('the audit operator filter by operator on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let db: Database;
  let audit: ReturnType<typeof createSqlAuditLog>;

  beforeAll(async () => {
    if (backend === 'postgres') await dropSchema(TEST_DATABASE_URL!, 'test_audit_operators');
    db = await openDatabase(
      backend === 'postgres'
        ? { databaseUrl: TEST_DATABASE_URL!, schema: 'test_audit_operators' }
        : {},
    );
    const migrations = loadMigrations();
    const before019 = migrations.filter((m) => m.name < '019');
    await applyMigrations(db, before019);
    // Written before migration 019: found by its subject once it has run.
    await db.query(
      `INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome, request_id)
       VALUES ('Old.Timer@Corp.test', ARRAY['viewer'], 'address.put', 't', 'h', 'created', 'r')`,
    );
    await applyMigrations(db, migrations);
    audit = createSqlAuditLog(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const subjects = async (query: ListAuditQuery) =>
    (await audit.list(query)).events.map((e) => e.operator_subject);

  it('finds the events written before the migration by their subject', async () => {
    expect(await subjects({ operator: 'timer' })).toEqual(['Old.Timer@Corp.test']);
    expect(await subjects({ operator: 'old.timer@corp' })).toEqual(['Old.Timer@Corp.test']);
  });

  it('finds an operator recorded after the migration by a prefix of a word of the name', async () => {
    await audit.append(event('u-1001', 'Zoë Quinn-Park'));
    expect(await subjects({ operator: 'ZOË' })).toEqual(['u-1001']);
    expect(await subjects({ operator: 'par' })).toEqual(['u-1001']);
    expect(await subjects({ operator: 'zoë quinn' })).toEqual(['u-1001']);
    expect(await subjects({ operator: 'quinn-park' })).toEqual(['u-1001']);
    expect(await subjects({ operator: 'ark' })).toEqual([]);
    // Their later events, named or not, are theirs too.
    await audit.append(event('u-1001'));
    expect(await subjects({ operator: 'zoë' })).toEqual(['u-1001', 'u-1001']);
  });

  it('pages the events of several matching operators newest first, merged', async () => {
    for (const name of ['Pat One', 'Pat Two', 'Pat One', 'Sam Other', 'Pat Two', 'Pat One'])
      await audit.append(event(name.toLowerCase().replace(' ', '-'), name));
    const ids = (await audit.list({})).events.map((e) => e.id);
    const pats = (await audit.list({ operator: 'pat' })).events.map((e) => e.id);
    expect(pats).toHaveLength(5);
    expect(pats).toEqual(ids.filter((id) => pats.includes(id)));
    const first = await audit.list({ operator: 'pat', limit: 2 });
    const second = await audit.list({ operator: 'pat', limit: 2, cursor: first.next_cursor! });
    const third = await audit.list({ operator: 'pat', limit: 2, cursor: second.next_cursor! });
    expect([...first.events, ...second.events, ...third.events].map((e) => e.id)).toEqual(pats);
    expect(third.next_cursor).toBeUndefined();
    // With a date range (newest first by time) and another filter.
    const day = { from: '2000-01-01T00:00:00Z', to: '2999-01-01T00:00:00Z' };
    const ranged = await audit.list({ operator: 'pat', ...day, limit: 3 });
    const rest = await audit.list({ operator: 'pat', ...day, cursor: ranged.next_cursor! });
    expect([...ranged.events, ...rest.events].map((e) => e.id)).toEqual(pats);
    expect(await subjects({ operator: 'pat', action: 'approval.reject' })).toEqual([]);
    expect(await subjects({ operator: 'nobody' })).toEqual([]);
    // No operator matched: the cursor is still checked.
    await expect(audit.list({ operator: 'nobody', cursor: 'x' })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
  });
});
