/**
 * `npm run bench:publish`: publish-to-live of one product at 1k, 10k and 100k published
 * products (docs/decisions/015), on the real `npm start` server over embedded PGlite.
 * For each size the stored catalogue pages a publish touches are rendered first (not all
 * product pages: a publish does not depend on them), then five times:
 * - publish: createProduct (the studio's service) until the product's stored page and the
 *   marketplace's stored first page hold its title (on demand it is live at once; the creator
 *   profile renders on every request, checked over HTTP);
 * - edit: a new title until the stored product page holds it;
 * - unpublish: until its page answers 404;
 * plus the time until everything the change touched is rendered, sitemap included.
 * Writes the '## Publishing' section of docs/benchmarks.md. Sizes: BENCH_PUBLISH_SIZES=1000,10000,100000.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { changeProductStatus, createProduct, updateProduct } from '../functions/products/products.service';
import { ProductWriteSchema } from '../src/shared/api/schemas/products';
import { fixedCataloguePaths } from './lib/page-publisher';
import { buildBenchSite, openBenchCatalogue, serveBench, type BenchServer } from './lib/bench-catalogue';
import { measuredOn, replaceSection, runToExit } from './lib/report';

const SIZES = (process.env['BENCH_PUBLISH_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const RUNS = 5;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

const stored = (server: BenchServer, pagePath: string) => {
  const file = server.publisher.store.fileFor(pagePath);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const max = (values: number[]) => Math.max(...values);

async function main(): Promise<void> {
  const outDir = path.resolve('.test-data', 'bench-publish');
  await buildBenchSite(outDir);
  const catalogue = await openBenchCatalogue();
  const rows: string[] = [];
  try {
    const creator = await catalogue.handle.db.selectFrom('users').select('id').where('email', '=', 'creator@example.com').executeTakeFirstOrThrow();
    for (const size of SIZES) {
      const count = await catalogue.grow(size);
      const server = await serveBench(catalogue.handle, outDir);
      server.publisher.enqueue(fixedCataloguePaths());
      await server.publisher.idle();
      const publish: number[] = [];
      const everything: number[] = [];
      const edit: number[] = [];
      const hide: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const title = `Bench publish probe ${size} ${run} ${Date.now()}`;
        const input = z.parse(ProductWriteSchema, {
          title,
          description: 'A workflow published by the publishing benchmark. Use it to measure how fast a listing goes live.',
          status: 'published',
          category_id: 'business',
          ai_tool_type: 'n8n',
          content_delivery_type: 'text',
          content_text: 'Step one.',
          tags: ['benchmark'],
        });
        const started = performance.now();
        const product = await createProduct(catalogue.handle.db, creator.id, input);
        await until(() => stored(server, `/product/${product.id}`).includes(title) && stored(server, '/marketplace').includes(title));
        const profile = await (await fetch(`${server.origin}/profile/${creator.id}`)).text();
        if (!profile.includes(title)) throw new Error('the creator profile does not show the new product');
        publish.push(performance.now() - started);
        await server.settled();
        everything.push(performance.now() - started);

        const editedAt = performance.now();
        await updateProduct(catalogue.handle.db, creator.id, product.id, { ...input, title: `${title} edited` });
        await until(() => stored(server, `/product/${product.id}`).includes(`${title} edited`));
        edit.push(performance.now() - editedAt);
        await server.settled();

        const hiddenAt = performance.now();
        await changeProductStatus(catalogue.handle.db, creator.id, product.id, { status: 'draft' });
        await until(async () => (await fetch(`${server.origin}/product/${product.id}`)).status === 404);
        hide.push(performance.now() - hiddenAt);
        await server.settled();
      }
      await server.close();
      const f = (values: number[]) => `${(median(values) / 1000).toFixed(2)} / ${(max(values) / 1000).toFixed(2)}`;
      rows.push(`| ${count.toLocaleString('en-US')} | ${f(publish)} | ${f(edit)} | ${f(hide)} | ${f(everything)} |`);
      console.log(rows.at(-1));
    }
  } finally {
    await catalogue.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const section = [
    '## Publishing',
    '',
    `${measuredOn('bench:publish')}; median / worst of ${RUNS} runs, in seconds.`,
    "Publish: from the studio service call until the product's stored page and the marketplace's stored first page hold the new title and the creator profile (rendered per request) lists it. Edit: until the stored product page holds the new title. Unpublish: until the product page answers 404. Everything: until every page the publish touched is stored again, the sitemap (which lists every product) included. Target: under 2 s at every size.",
    '',
    '| published products | publish (s) | edit (s) | unpublish (s) | everything incl. sitemap (s) |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'Before (2026-11-22): every publish rebuilt the whole site: over 2 minutes at 10k products, never at 100k, and an edit at 72 products showed the old title for 5 to 15 s.',
  ].join('\n');
  replaceSection('## Publishing', section);
  console.log(section);
}

runToExit(main);
