/**
 * `npm run build`: export the content snapshot from the database, then `astro build`.
 * On Vercel (VERCEL=1) the database is Neon (DATABASE_URL); the build reads only the
 * snapshot. Locally it must not run while `npm start` owns the embedded database: the
 * data-folder lock says so.
 */
import path from 'node:path';
import { assertNodeVersion, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { runAstroBuild } from './lib/astro-build';

async function main(): Promise<void> {
  assertNodeVersion();
  const handle = await openDatabase();
  // A production (Vercel) build never adds demo data unless asked (SEED_DEMO=1, used by CI).
  const { snapshot } = await prepareData(handle, { seed: !process.env['VERCEL'] || process.env['SEED_DEMO'] === '1' });
  await handle.close();
  await runAstroBuild({ snapshotFile: snapshot, outDir: path.resolve('dist') });
}

main().catch(exitWith);
