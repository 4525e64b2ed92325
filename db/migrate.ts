/**
 * Runs pending migrations. Called by the start script, db:migrate and the test setup.
 *
 * A start with nothing pending (the usual one) reads the names the database has run, in one
 * indexed read, and stops there: Kysely's Migrator first introspects every table and takes
 * its lock row in a transaction, about 0.3 s warm and 1 s cold on PGlite at 100k products
 * (docs/decisions/068). Whenever the names differ from the list in any way (a pending
 * migration, a fresh database, one run by a newer checkout), the Migrator runs, with its lock
 * and its own checks and errors.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

const MIGRATION_TABLE = 'kysely_migration';

/** The names of the migrations run on this database, or null when it has no migration table yet. */
async function appliedMigrations(db: Db): Promise<Set<string> | null> {
  const table = await sql<{ present: boolean }>`select to_regclass(${MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!table.rows[0]?.present) return null;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** Whether the database has run exactly the migrations of the list. */
async function isUpToDate(db: Db): Promise<boolean> {
  const applied = await appliedMigrations(db);
  const known = Object.keys(migrations);
  return Boolean(applied && applied.size === known.length && known.every((name) => applied.has(name)));
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
