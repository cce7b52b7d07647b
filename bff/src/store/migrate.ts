import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** The plain SQL files next to this module, applied in file-name order (001-…, 002-…). */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every BFF instance sharing a database.
const MIGRATION_LOCK_KEY = 712_026;

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sql = readFileSync(`${dir}/${name}`, 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, in one transaction.
 * Several instances starting at once on one PostgreSQL serialize on an advisory lock, so each
 * file runs exactly once. An applied file that has changed since is refused: migrations are
 * append-only, a fix is a new file.
 */
export async function applyMigrations(
  db: Database,
  migrations: Migration[] = loadMigrations(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const applied = new Map(
      (
        await tx.query<{ name: string; checksum: string }>(
          'SELECT name, checksum FROM schema_migrations',
        )
      ).map((row) => [row.name, row.checksum]),
    );
    const ran: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum)
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          );
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      ran.push(migration.name);
    }
    return ran;
  });
}
