/**
 * `npm run db:migrate | db:seed | db:reset`.
 * reset drops every table and re-creates the schema with the demo data.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { dataPath } from '@/env';
import { migrateToLatest } from '../db/migrate';
import { refreshStatistics } from '../db/statistics';
import { seedDemo } from '../db/seed/seed';
import { seedReferenceData } from '../db/seed/reference';
import { getBlobStore } from '../functions/_shared/blob-store';
import { assertNodeVersion, exitWith } from './lib/preflight';
import { openDatabase } from './lib/prepare-data';

async function main(command: string | undefined): Promise<void> {
  assertNodeVersion();
  if (!['migrate', 'seed', 'reset'].includes(command ?? '')) throw new Error('usage: scripts/db.ts migrate|seed|reset');
  let handle = await openDatabase();
  if (command === 'reset') {
    if (handle.driver === 'pglite') {
      await handle.close();
      fs.rmSync(dataPath('pglite'), { recursive: true, force: true });
      fs.rmSync(dataPath('blobs'), { recursive: true, force: true });
      handle = await openDatabase();
    } else {
      await sql`drop schema public cascade`.execute(handle.db);
      await sql`create schema public`.execute(handle.db);
      // The job engine's tables (docs/decisions/040): pg-boss installs them again on its next start.
      await sql`drop schema if exists pgboss cascade`.execute(handle.db);
    }
  }
  const applied = await migrateToLatest(handle.db);
  console.log(`[db] ${applied.length} migration(s) applied`);
  if (command === 'seed' || command === 'reset') {
    await seedReferenceData(handle.db);
    const report = await seedDemo(handle.db, getBlobStore());
    console.log(`[db] demo data: ${report.users} users, ${report.products} products, ${report.updates} updates`);
  }
  // PGlite has no autovacuum (db/statistics.ts).
  await refreshStatistics(handle);
  await handle.close();
}

main(process.argv[2]).catch(exitWith);
