import { openDatabase, type Database, type DatabaseOptions } from './database';
import { applyMigrations } from './migrate';
import type { Store } from './store-port';
import { createSqlActivityLedger, createSqlElsewhereWatchStore } from './sql-activity';
import { createSqlAddressBook } from './sql-address-book';
import { createSqlAddressImports } from './sql-address-imports';
import { createSqlApprovalStore } from './sql-approvals';
import { createSqlAuditLog } from './sql-audit-log';
import { createSqlPasskeyStore } from './sql-passkeys';
import { createSqlRateLimitStore } from './sql-rate-limit-store';
import { createSqlSessionStore } from './sql-sessions';
import { createSqlWithdrawalLedger } from './sql-withdrawal-ledger';
import { createSqlTransferStatusStore } from './sql-transfer-status';
import { createSqlWithdrawalBatchStore } from './sql-withdrawal-batches';
import { createSqlWithdrawalWindow } from './sql-withdrawal-window';
import { createSqlWindowUsage } from './sql-window-usage';
import { createSqlNotificationOutbox } from './sql-notification-outbox';

export interface StoreOptions {
  /** postgres://… selects a PostgreSQL server (shared by several BFF instances); otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's data directory; in memory when undefined (tests). Ignored with databaseUrl. */
  dataDir?: string;
  /** PostgreSQL only: the schema to work in, created when missing (one per test file). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /** PGlite in memory only: the cluster to start from (database.ts; tests). */
  initialCluster?: Blob;
}

export interface OpenedStore extends Store {
  /** The database underneath: tests and the benchmark look at it directly. */
  db: Database;
}

/** The store on an open database whose migrations are applied; closing it closes the database. */
function storeOn(db: Database): OpenedStore {
  return {
    db,
    ledger: createSqlWithdrawalLedger(db),
    activity: createSqlActivityLedger(db),
    elsewhere: createSqlElsewhereWatchStore(db),
    addressBook: createSqlAddressBook(db),
    addressImports: createSqlAddressImports(db),
    audit: createSqlAuditLog(db),
    approvals: createSqlApprovalStore(db),
    passkeys: createSqlPasskeyStore(db),
    sessions: createSqlSessionStore(db),
    withdrawalWindow: createSqlWithdrawalWindow(db),
    windowUsage: createSqlWindowUsage(db),
    notificationOutbox: createSqlNotificationOutbox(db),
    withdrawalBatches: createSqlWithdrawalBatchStore(db),
    // Shared counters only where instances share the database.
    ...(db.kind === 'postgres' ? { writeLimits: () => createSqlRateLimitStore(db) } : {}),
    ping: async () => {
      await db.query('SELECT 1');
    },
    transferStatus: createSqlTransferStatusStore(db),
    close: () => db.close(),
  };
}

/** Opens the database (PGlite or PostgreSQL), applies the pending migrations, returns the store. */
export async function openStore(options: StoreOptions = {}): Promise<OpenedStore> {
  const dbOptions: DatabaseOptions = {
    ...(options.databaseUrl !== undefined ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
    ...(options.initialCluster !== undefined ? { initialCluster: options.initialCluster } : {}),
  };
  const db = await openDatabase(dbOptions);
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return storeOn(db);
}
