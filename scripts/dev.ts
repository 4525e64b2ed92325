/**
 * `npm run dev`: prepare the data (migrate, seed), release the database, then
 * run `astro dev`, which becomes the only process that opens it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { assertNodeVersion, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';

async function main(): Promise<void> {
  assertNodeVersion();
  const handle = await openDatabase();
  await prepareData(handle, { seed: true });
  await handle.close();
  const child = spawn(process.execPath, [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch(exitWith);
