/**
 * `npm run bench:build`: a full build at 1k, 10k and 30k published products, as a deploy or
 * a first `npm start` does it (docs/decisions/015): `astro build` (which no longer depends on
 * the catalogue) plus rendering every catalogue page through its route into the page store,
 * by the real server. Reports the time per page (it should stay flat: linear within 20%) and
 * the peak memory of the process (the embedded database included). Writes the '## Build'
 * section of docs/benchmarks.md. Sizes: BENCH_BUILD_SIZES=1000,10000,30000 (default).
 */
import path from 'node:path';
import { fixedCataloguePaths } from './lib/page-publisher';
import { buildBenchSite, openBenchCatalogue, serveBench, withPeakRss } from './lib/bench-catalogue';
import { measuredOn, replaceSection, runToExit } from './lib/report';

const SIZES = (process.env['BENCH_BUILD_SIZES'] ?? '1000,10000,30000').split(',').map(Number);
/** Product pages rendered once before the timed full render (with every page that is not a product's). */
const WARM_UP_PRODUCTS = 200;

async function main(): Promise<void> {
  const outDir = path.resolve('.test-data', 'bench-build');
  const buildMs = await buildBenchSite(outDir);
  console.log(`[bench] astro build: ${(buildMs / 1000).toFixed(1)} s`);
  const catalogue = await openBenchCatalogue();
  const rows: string[] = [];
  const perPage: number[] = [];
  try {
    for (const size of SIZES) {
      const count = await catalogue.grow(size);
      const server = await serveBench(catalogue.handle, outDir);
      // The first pages a fresh server renders pay for loading and compiling the server bundle
      // and for filling the similar-product buckets: a fixed cost, the same at every size, that
      // made the smallest catalogue look dearer per page. It is timed and reported apart.
      const warmStarted = Date.now();
      const sample = await catalogue.handle.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('id')
        .limit(WARM_UP_PRODUCTS)
        .execute();
      for (const pathname of [...fixedCataloguePaths(), ...sample.map((p) => `/product/${p.id}`)]) await server.publisher.render(pathname, { bulk: true });
      const warmMs = Date.now() - warmStarted;
      console.log(`[bench] rendering every catalogue page with ${count} published products…`);
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      const { result: pages, peakRssMb } = await withPeakRss(async () => server.publisher.renderEverything(server.build, await server.publisher.contentMark()));
      const ms = Date.now() - started;
      // CPU time of this process (the server and PGlite, which runs in it): unlike the wall
      // clock, it hardly moves when other work shares the machine's cores.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      await server.close();
      perPage.push(cpuMs / pages);
      rows.push(
        `| ${count.toLocaleString('en-US')} | ${pages.toLocaleString('en-US')} | ${(buildMs / 1000).toFixed(1)} | ${(warmMs / 1000).toFixed(1)} | ${(ms / 1000).toFixed(1)} | ${((buildMs + warmMs + ms) / 1000).toFixed(1)} | ${(ms / pages).toFixed(2)} | ${(cpuMs / pages).toFixed(2)} | ${peakRssMb} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await catalogue.close();
  }
  // Each size's time per page against the largest catalogue's: linear means flat (within 20%).
  const largest = perPage.at(-1) ?? 1;
  const relative = SIZES.slice(0, -1)
    .map((size, i) => `${size.toLocaleString('en-US')}: ${perPage[i]! >= largest ? '+' : ''}${((perPage[i]! / largest - 1) * 100).toFixed(0)}%`)
    .join(', ');
  const section = [
    '## Build',
    '',
    `${measuredOn('bench:build')}.`,
    'A full build is `astro build` (the sources only: it is the same at every catalogue size) plus every catalogue page (each product page, the landing page, marketplace, directory, tool pages and sitemap) rendered through its route and written into the page store with its .br and .gz variants, four at a time, by the running server (docs/decisions/015). Peak memory is the whole server process, database included.',
    '',
    '| published products | pages rendered | astro build (s) | server warm-up (s) | pages (s) | full build (s) | ms per page | CPU ms per page | peak memory (MB) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `CPU time per page against the largest catalogue's (linear within 20% is the target; CPU time, because the wall clock also measures whatever else shares the cores): ${relative}. Each size starts a fresh server and first renders the ${fixedCataloguePaths().length} pages that are not products and ${WARM_UP_PRODUCTS} product pages (the warm-up column: loading the server bundle, compiling hot code, filling the similar-product buckets), then times the full render of every page, those included; the full build column adds all three. Before the warm-up was separated (2026-11-23), the smallest catalogue looked 26 to 44% dearer per page because it alone paid for it. Before (2026-11-22, astro build from a content snapshot): 1k products 4.7 s, 10k 130 s, because every product page ranked the whole catalogue for 'You might also like'; it now reads three indexed top-24 buckets.`,
    '',
  ].join('\n');
  replaceSection('## Build', section);
  console.log(section);
}

runToExit(main);
