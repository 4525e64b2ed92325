/**
 * `npm run seed:synthetic -- N`: adds N synthetic products (db/seed/synthetic.ts), then
 * vacuums and analyses them on the embedded database (db/statistics.ts).
 * Stop `npm start` first when using the embedded database (one process owns it).
 */
import { refreshStatistics } from '../db/statistics';
import { seedSynthetic } from '../db/seed/synthetic';
import { assertNodeVersion, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';

async function main(): Promise<void> {
  assertNodeVersion();
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new Error('usage: npm run seed:synthetic -- N  (1 to 1,000,000)');
  const handle = await openDatabase();
  await prepareData(handle, { seed: true });
  const started = Date.now();
  await seedSynthetic(handle.db, count, (done) => process.stdout.write(`\r[seed] ${done} / ${count}`));
  console.log(`\n[seed] added ${count} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // PGlite has no autovacuum: vacuum and analyse the new rows now (db/statistics.ts).
  await refreshStatistics(handle, { vacuum: true });
  await handle.close();
}

main().catch(exitWith);
