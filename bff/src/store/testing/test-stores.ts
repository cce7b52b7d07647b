import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { openStore, type OpenedStore } from '../open-store';
import { pgliteTemplate } from './pglite-template';

// Tests of the ledger run on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set (CI
// sets it). Each test file gets its own PostgreSQL schema (dropped and made afresh), and opens
// PGlite once per file: its first start takes seconds.

export type Backend = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The backends this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_BACKENDS: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Every backend, for describe.each: PostgreSQL's run is reported as skipped without a server. */
export const ALL_BACKENDS: Backend[] = ['pglite', 'postgres'];

/**
 * True when this run cannot test `backend` (PostgreSQL without TEST_DATABASE_URL). It then
 * registers one skipped test saying so, so the missing run shows in the report as skipped
 * instead of being silently absent; the describe returns without registering anything else.
 */
export function skipWithoutServer(backend: Backend): boolean {
  if (backend !== 'postgres' || TEST_DATABASE_URL) return false;
  it.skip('needs TEST_DATABASE_URL (a PostgreSQL server)', () => {});
  return true;
}

/** Drops the schema (everything in it) so a file starts from an empty database. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh store on the backend: PGlite in memory (or in `dataDir`), or the file's own schema on
 * TEST_DATABASE_URL. `fresh: false` opens the schema as it is (a second instance of the BFF).
 */
export async function openTestStore(
  backend: Backend,
  schema: string,
  options: { fresh?: boolean; dataDir?: string } = {},
): Promise<OpenedStore> {
  if (backend === 'pglite')
    return openStore(
      options.dataDir !== undefined
        ? { dataDir: options.dataDir }
        : { initialCluster: pgliteTemplate() },
    );
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  if (options.fresh !== false) await dropSchema(TEST_DATABASE_URL, schema);
  return openStore({ databaseUrl: TEST_DATABASE_URL, schema });
}

/**
 * A fresh test store for the enclosing describe block: opened in its beforeAll, closed in its
 * afterAll. The object is filled in when the beforeAll runs, so read it inside tests and hooks
 * only (a store opened is a plain object of closures over its database: a copy serves the same).
 */
export function storeForSuite(backend: Backend, schema: string): OpenedStore {
  const store = {} as OpenedStore;
  let opened: OpenedStore | undefined;
  beforeAll(async () => {
    opened = await openTestStore(backend, schema);
    Object.assign(store, opened);
  });
  afterAll(() => opened?.close());
  return store;
}
