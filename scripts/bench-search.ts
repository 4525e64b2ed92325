/**
 * `npm run bench:search`: search latency (p50, p95) of GET /api/products' query over a fixed
 * query mix at 10k and 100k products, on embedded PGlite and on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) through the
 * production Neon driver, plus EXPLAIN plans showing index use. Writes the '## Search'
 * section of docs/benchmarks.md. Each run uses fresh databases it creates and drops.
 * Sizes: BENCH_SIZES=10000,100000 (default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedReferenceData } from '../db/seed/seed';
import { seedSynthetic } from '../db/seed/synthetic';
import { getEnv } from '../functions/_shared/env';
import { searchCatalogue, buildTsquery } from '../functions/catalogue/search.service';
import { startWsProxy } from '../tests/support/ws-proxy';
import { replaceSection } from './lib/report';

const SIZES = (process.env['BENCH_SIZES'] ?? '10000,100000').split(',').map(Number);
const PG_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = 10;

const QUERY_MIX: Record<string, string>[] = [
  {},
  { search: 'chatbot' },
  { search: 'chatbto' },
  { search: 'lead enrichment workflow' },
  { search: 'claude legal review' },
  { search: 'podcst' },
  { search: 'automation', category: 'business' },
  { search: 'prompt pack', budget: 'free' },
  { category: 'tech', sort: 'popular' },
  { type: 'workflow-automation', sort: 'top_rated' },
  { tool: 'n8n' },
  { budget: '50-100', sort: 'price_asc' },
  { budget: '100-plus', sort: 'price_desc' },
  { level: 'advanced', pricing: 'one_time' },
  { type: 'music' },
  { search: 'dashboard', sort: 'newest' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function createCreators(db: DbHandle['db']): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const id = `bench-creator-${i}`;
    await db.insertInto('users').values({ id, name: `Creator ${i}`, email: `${id}@example.com`, full_name: `Bench Creator ${i}`, user_type: 'creator' }).onConflict((oc) => oc.doNothing()).execute();
    await db.insertInto('profiles').values({ id, full_name: `Bench Creator ${i}`, user_type: 'creator' }).onConflict((oc) => oc.doNothing()).execute();
  }
}

async function measure(db: DbHandle['db']) {
  for (const params of QUERY_MIX) await searchCatalogue(db, params); // warm up
  const all: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const params of QUERY_MIX) {
      const started = performance.now();
      const page = await searchCatalogue(db, params);
      if (page.nextCursor) await searchCatalogue(db, { ...params, cursor: page.nextCursor }); // second page too
      const ms = performance.now() - started;
      all.push(ms);
      const key = JSON.stringify(params);
      perQuery.set(key, [...(perQuery.get(key) ?? []), ms]);
    }
  }
  all.sort((a, b) => a - b);
  const slowest = [...perQuery.entries()]
    .map(([key, times]) => ({ key, median: percentile([...times].sort((a, b) => a - b), 50) }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 3)
    .map((q) => `${q.key} ${q.median.toFixed(1)} ms`);
  return { p50: percentile(all, 50), p95: percentile(all, 95), samples: all.length, slowest };
}

/** EXPLAIN of the text search and of a filtered sort, reduced to the lines naming scans. */
async function explain(db: DbHandle['db']): Promise<string[]> {
  const { tsquery } = await buildTsquery(db, 'chatbto');
  const plans: string[] = [];
  const queries: [string, ReturnType<typeof sql>][] = [
    ['text search "chatbto"', sql`explain select id from products p where p.status = 'published' and p.search_vector @@ to_tsquery('english', ${tsquery}) order by ts_rank_cd(p.search_vector, to_tsquery('english', ${tsquery})) desc, p.id desc limit 25`],
    ['typo lookup', sql`explain select s.word from search_words s where s.word % 'chatbto' order by s.word <-> 'chatbto' limit 1`],
    ['newest page', sql`explain select id from products p where p.status = 'published' order by p.created_at desc, p.id desc limit 25`],
    ['popular in a category', sql`explain select id from products p where p.status = 'published' and p.category_id = 'tech' order by p.downloads_count desc, p.id desc limit 25`],
  ];
  for (const [label, query] of queries) {
    const rows = (await query.execute(db)).rows as { 'QUERY PLAN': string }[];
    const scans = rows.map((r) => r['QUERY PLAN'].trim()).filter((l) => /Scan|Index/.test(l)).map((l) => l.replace(/\s+\(cost=.*$/, ''));
    plans.push(`- ${label}: ${scans.join('; ')}`);
  }
  return plans;
}

async function benchBackend(name: string, open: () => Promise<DbHandle & { drop?: () => Promise<void> }>) {
  const results: { size: number; p50: number; p95: number; samples: number; seedSeconds: number; slowest: string[] }[] = [];
  let plans: string[] = [];
  const handle = await open();
  try {
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    await createCreators(handle.db);
    let have = 0;
    for (const size of SIZES) {
      const started = Date.now();
      await seedSynthetic(handle.db, size - have, (done) => process.stdout.write(`\r[bench] ${name}: seeding ${have + done} / ${size}`));
      have = size;
      await sql`analyze`.execute(handle.db);
      const seedSeconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n[bench] ${name}: measuring at ${size}\n`);
      results.push({ size, ...(await measure(handle.db)), seedSeconds });
      plans = await explain(handle.db);
    }
  } finally {
    await handle.close();
    await handle.drop?.();
  }
  return { name, results, plans };
}

async function main(): Promise<void> {
  const reports = [];
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-bench-'));
  reports.push(await benchBackend('PGlite (embedded, on disk)', () => createDb(getEnv({ DATA_DIR: pgliteDir, NODE_ENV: 'production' }))));
  fs.rmSync(pgliteDir, { recursive: true, force: true });

  const proxy = await startWsProxy();
  try {
    const name = `toolmint_bench_${randomBytes(4).toString('hex')}`;
    const admin = await createDb(getEnv({ DATABASE_URL: PG_URL, DATABASE_WS_PROXY: proxy.address, NODE_ENV: 'production' }));
    await sql.raw(`create database ${name}`).execute(admin.db);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    reports.push(await benchBackend('PostgreSQL server (Neon driver via WebSocket proxy)', async () => ({
      ...(await createDb(getEnv({ DATABASE_URL: url.toString(), DATABASE_WS_PROXY: proxy.address, NODE_ENV: 'production' }))),
      drop: async () => {
        await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
        await admin.close();
      },
    })));
  } finally {
    await proxy.close();
  }

  const lines = [
    '## Search',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:search\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}.`,
    `Query mix: ${QUERY_MIX.length} searches (text, typos, filters, every sort), each timed with its second page, ${RUNS} rounds after a warm-up; synthetic products from db/seed/synthetic.ts (about 92% published). Target: p95 <= 50 ms at 100k products on the PostgreSQL server.`,
    '',
    '| backend | products | p50 (ms) | p95 (ms) | samples | seeding (s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...reports.flatMap((r) => r.results.map((x) => `| ${r.name} | ${x.size.toLocaleString('en-US')} | ${x.p50.toFixed(1)} | ${x.p95.toFixed(1)} | ${x.samples} | ${x.seedSeconds.toFixed(0)} |`)),
    '',
    'Slowest queries (median of first + second page) at the largest size:',
    '',
    ...reports.flatMap((r) => (r.results.at(-1)?.slowest ?? []).map((q) => `- ${r.name}: \`${q}\``)),
    '',
    ...reports.flatMap((r) => [`Plans on ${r.name} at ${r.results.at(-1)?.size.toLocaleString('en-US')} products:`, '', ...r.plans, '']),
  ];
  replaceSection('## Search', lines.join('\n'));
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
