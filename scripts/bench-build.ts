/**
 * `npm run bench:build`: the time `astro build` takes to prebuild the site with 1k and 10k
 * published products (each gets its own /product/{id} page). Uses a throwaway data folder
 * and output folder; writes the '## Build' section of docs/benchmarks.md.
 * Sizes: BENCH_BUILD_SIZES=1000,10000 (default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed/seed';
import { seedSynthetic } from '../db/seed/synthetic';
import { getEnv } from '../functions/_shared/env';
import { LocalBlobStore } from '../functions/_shared/blob-store';
import { writeSnapshot } from '../functions/catalogue/snapshot';
import { runAstroBuild } from './lib/astro-build';
import { replaceSection } from './lib/report';

const SIZES = (process.env['BENCH_BUILD_SIZES'] ?? '1000,10000').split(',').map(Number);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-bench-build-'));
  const handle = await createDb(getEnv({ DATA_DIR: dir, NODE_ENV: 'production' }));
  const rows: string[] = [];
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, new LocalBlobStore(path.join(dir, 'blobs')));
    for (const size of SIZES) {
      const published = async () => Number((await sql<{ n: string }>`select count(*) as n from products where status = 'published'`.execute(handle.db)).rows[0]?.n);
      // Synthetic products are ~92% published: add until the published count reaches the size.
      while ((await published()) < size) await seedSynthetic(handle.db, Math.ceil(((size - (await published())) / 0.92) + 1));
      const count = await published();
      const snapshot = await writeSnapshot(handle.db, path.join(dir, `snapshot-${size}.json`));
      // Inside the project: the server bundle resolves its packages from node_modules.
      const outDir = path.resolve('.test-data', `bench-build-${size}`);
      console.log(`[bench] building with ${count} published products…`);
      const started = Date.now();
      await runAstroBuild({ snapshotFile: snapshot, outDir, quiet: true });
      const seconds = (Date.now() - started) / 1000;
      const pages = fs.readdirSync(path.join(outDir, 'client', 'product')).length;
      rows.push(`| ${count.toLocaleString('en-US')} | ${pages.toLocaleString('en-US')} | ${seconds.toFixed(1)} | ${((seconds * 1000) / pages).toFixed(1)} |`);
      console.log(rows.at(-1));
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const section = [
    '## Build',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:build\` on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}: \`astro build\` of the whole site from a content snapshot, product pages included.`,
    '',
    '| published products | product pages | build (s) | ms per product page |',
    '| ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
  replaceSection('## Build', section);
  console.log(section);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
