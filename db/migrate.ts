/**
 * Runs pending migrations. Called by the start script, db:migrate and the test setup.
 */
import { Migrator } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'kysely_migration',
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
