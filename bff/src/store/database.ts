// The one data-access layer: the same PostgreSQL SQL runs on the embedded PGlite (default, no
// server needed) and on a PostgreSQL server (DATABASE_URL, shared by several BFF instances).
// Deliberately thin: a query, a script, a transaction. No query builder, no second schema language.
// Each driver is imported when its kind is opened: a BFF on PostgreSQL never loads PGlite (its
// JavaScript and its WebAssembly loader), one on PGlite never loads pg (docs/bench.md, memory).
import { mkdirSync } from 'node:fs';
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock';

export type SqlParam = string | number | boolean | null | string[];

/** What a transaction body can do: the same surface as the database, on one connection. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters): migrations. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction on one connection: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a dump, to start another from (tests' template). */
  dumpCluster?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when undefined (tests). Ignored with databaseUrl. */
  dataDir?: string;
  /**
   * PGlite in memory only: a cluster to start from (PGlite's dumpDataDir) in place of initdb.
   * Tests open hundreds of in-memory stores; each initdb took 2 to 8 s of WebAssembly, loading a
   * dump of one made and migrated once per run (vitest's global setup) about a sixth of that.
   */
  initialCluster?: Blob;
  /**
   * PostgreSQL only: the schema to work in (search_path), created when missing. Lets test files
   * share one server without colliding; production uses the default (public).
   */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.schema, options.maxConnections);
  return openPglite(options.dataDir, options.initialCluster);
}

async function openPglite(
  dataDir: string | undefined,
  initialCluster: Blob | undefined,
): Promise<Database> {
  // PGlite creates the last directory only; DATA_DIR may name a path not made yet.
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  // One process per data directory: a second one would keep its own diverging copy of the ledger.
  const lock = dataDir !== undefined ? lockDataDir(dataDir) : undefined;
  let db: PGlite;
  try {
    const [{ PGlite }, { initialisePgliteApart, pgliteStartParams }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('./pglite-memory'),
    ]);
    // A fresh directory's initdb runs in a child process; a small buffer pool (pglite-memory.ts).
    if (dataDir !== undefined) await initialisePgliteApart(dataDir);
    const startParams = pgliteStartParams();
    db = await PGlite.create(dataDir, {
      ...(startParams ? { startParams } : {}),
      ...(dataDir === undefined && initialCluster ? { loadDataDir: initialCluster } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const wrap = (target: PGlite | PGliteTransaction): Queryable => ({
    async query<T extends object>(sql: string, params: SqlParam[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    // PGlite is one connection: its transaction holds it exclusively, so other queries wait.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    dumpCluster: () => db.dumpDataDir('none'),
    async close() {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, schema: string | undefined, max = 10): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`Invalid schema name: ${schema}`);
  const { default: pg } = await import('pg');
  if (schema !== undefined) {
    // Created on a separate connection first: search_path below points at it from the start.
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (error) {
      // Two pools creating the same schema at once: the loser sees a unique violation; fine.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params: SqlParam[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
