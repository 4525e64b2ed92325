/**
 * `npm run build`: migrate (and seed when asked), then `astro build`. On Vercel (VERCEL=1)
 * the database is Neon (DATABASE_URL) and the catalogue pages are ISR functions that render
 * from it (docs/decisions/015); the build itself reads no content. Locally it must not run
 * while `npm start` owns the embedded database: the data-folder lock says so.
 */
import path from 'node:path';
import { assertNodeVersion, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { runAstroBuild } from './lib/astro-build';
import { describeGaps, vercelDeploymentGaps } from '@/functions/_shared/deploy-check';
import { getEnv } from '@/env';

async function main(): Promise<void> {
  assertNodeVersion();
  // A deployment missing a service's settings still builds (CI builds one with none), but says so first.
  if (process.env['VERCEL']) for (const line of describeGaps(vercelDeploymentGaps(getEnv()))) console.warn(line);
  const handle = await openDatabase();
  // A production (Vercel) build never adds demo data unless asked (SEED_DEMO=1, used by CI).
  await prepareData(handle, { seed: !process.env['VERCEL'] || process.env['SEED_DEMO'] === '1' });
  await handle.close();
  await runAstroBuild({ outDir: path.resolve('dist') });
}

main().catch(exitWith);
