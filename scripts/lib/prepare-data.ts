/**
 * Opens the database, migrates it, seeds the demo data into an empty one and brings the
 * embedded database's planner statistics up to date (db/statistics.ts: PGlite has no
 * autovacuum). Shared by start, dev and build.
 */
import { createDb, verifyDb, type DbHandle } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { refreshStatistics } from '@/db/statistics';
import { isDemoSeeded, seedReferenceData } from '@/db/seed/reference';

export async function openDatabase(): Promise<DbHandle> {
  const handle = await createDb();
  await verifyDb(handle);
  return handle;
}

export async function prepareData(handle: DbHandle, options: { seed: boolean }): Promise<void> {
  const applied = await migrateToLatest(handle.db);
  if (applied.length) console.log(`[db] applied ${applied.length} migration(s) on ${handle.driver} (${handle.location})`);
  await seedReferenceData(handle.db);
  if (options.seed && !(await isDemoSeeded(handle.db))) {
    const started = Date.now();
    // Loaded only for an empty database: the demo's images, password hashing and products are
    // a large part of the code, and a start that finds them seeded needs none of it.
    const [{ seedDemo }, { getBlobStore }] = await Promise.all([import('@/db/seed/seed'), import('@/functions/_shared/blob-store')]);
    const report = await seedDemo(handle.db, getBlobStore());
    console.log(
      `[db] seeded demo data: ${report.users} users, ${report.products} products, ${report.updates} tool updates (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  const analysed = await refreshStatistics(handle);
  if (analysed.length) console.log(`[db] analysed ${analysed.length} table(s) on ${handle.driver}`);
}
