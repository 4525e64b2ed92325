/**
 * The embedded database keeps its planner statistics (db/statistics.ts, docs/decisions/016):
 * PGlite has no autovacuum, so the app analyses what autovacuum would, after migrations and
 * seeding, after a large import, and every minute while it owns the database. Always on an
 * embedded database of its own, whatever DATABASE_URL says: PostgreSQL needs none of this.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import type { Database } from '@/db/schema';
import { seedReferenceData } from '@/db/seed/reference';
import { seedSynthetic } from '@/db/seed/synthetic';
import { analyzeChangedTables, ANALYZE_THRESHOLD, keepStatistics, refreshStatistics, vacuumChangedTables } from '@/db/statistics';
import { createUser } from '../support/factories';

// PGlite opened directly rather than through createDb(), whose own keeper (every minute)
// could analyse in the middle of a test and change the counts it checks.
let handle: { db: Db; driver: 'pglite' };

beforeAll(async () => {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: await PGlite.create({ extensions: { pg_trgm, btree_gin } }) }) });
  handle = { db, driver: 'pglite' };
  await migrateToLatest(handle.db);
  await seedReferenceData(handle.db);
  await createUser(handle.db);
});
afterAll(async () => handle?.db.destroy());

async function productsStats() {
  await sql`select pg_stat_force_next_flush()`.execute(handle.db);
  const row = await sql<{ reltuples: number; analyze_count: string }>`
    select c.reltuples::float8 as reltuples, s.analyze_count
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = 'products' and s.schemaname = current_schema()
  `.execute(handle.db);
  return { reltuples: Number(row.rows[0]!.reltuples), analyzeCount: Number(row.rows[0]!.analyze_count) };
}

describe('analyzeChangedTables', () => {
  it('analyses every table never analysed, right after the migrations', async () => {
    expect((await productsStats()).reltuples).toBeLessThan(0); // never analysed
    const analysed = await refreshStatistics(handle);
    expect(analysed).toContain('products');
    expect(analysed).toContain('profiles');
    expect((await productsStats()).reltuples).toBe(0);
    expect(await analyzeChangedTables(handle.db)).toEqual([]);
  });

  it('analyses a table after a large import, and not again until enough of it changed', async () => {
    const before = await productsStats();
    await seedSynthetic(handle.db, 400);
    const analysed = await refreshStatistics(handle);
    expect(analysed).toContain('products');
    const after = await productsStats();
    expect(after.reltuples).toBe(400);
    expect(after.analyzeCount).toBe(before.analyzeCount + 1);

    // Autovacuum's rule: more than 50 + 10% of the rows (here 90) changed since.
    await sql`update products set views_count = views_count + 1 where id in (select id from products order by id limit 60)`.execute(handle.db);
    expect(await analyzeChangedTables(handle.db)).not.toContain('products');
    await sql`update products set views_count = views_count + 1 where id in (select id from products order by id desc limit 40)`.execute(handle.db);
    expect(await analyzeChangedTables(handle.db)).toContain('products');
    expect((await productsStats()).analyzeCount).toBe(before.analyzeCount + 2);
    expect(ANALYZE_THRESHOLD).toBe(50);
  });

  it('leaves PostgreSQL to its autovacuum', async () => {
    let asked = false;
    const db = new Proxy(handle.db, { get: (target, key) => ((asked = true), Reflect.get(target, key)) });
    expect(await refreshStatistics({ db, driver: 'neon' })).toEqual([]);
    expect(asked).toBe(false);
  });
});

describe('keepStatistics', () => {
  it('analyses changed tables by itself while it runs, and stops', async () => {
    const { analyzeCount } = await productsStats();
    await seedSynthetic(handle.db, 200);
    // The keeper's interval on a fake clock: its rounds come when the test moves time, not when
    // the machine gets to them.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const keeper = keepStatistics(handle.db, 20);
      try {
        vi.advanceTimersByTime(20);
        // The round runs on the database meanwhile; vi.waitFor moves the fake time on by its
        // interval at each check, so later rounds come too (and find nothing more to analyse).
        await vi.waitFor(async () => expect((await productsStats()).analyzeCount).toBe(analyzeCount + 1), { timeout: 10_000, interval: 20 });
        expect((await productsStats()).reltuples).toBe(600);
      } finally {
        await keeper.stop();
      }
      await seedSynthetic(handle.db, 200);
      // Rounds a running keeper would have started by now; stop() again waits for any of them.
      vi.advanceTimersByTime(100);
      await keeper.stop();
      expect((await productsStats()).analyzeCount).toBe(analyzeCount + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The products table's pages, those the visibility map marks all-visible (as VACUUM or ANALYZE last measured), and its vacuums. */
async function productsPages() {
  await sql`select pg_stat_force_next_flush()`.execute(handle.db);
  const row = await sql<{ pages: number; visible: number; vacuums: string }>`
    select c.relpages as pages, c.relallvisible as visible, s.vacuum_count as vacuums
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = 'products' and s.schemaname = current_schema()
  `.execute(handle.db);
  return { pages: Number(row.rows[0]!.pages), visible: Number(row.rows[0]!.visible), vacuums: Number(row.rows[0]!.vacuums) };
}

describe('vacuumChangedTables', () => {
  it('vacuums a table after a large import, as autovacuum would: its pages all-visible, so a count can read an index alone; not again until enough changed', async () => {
    await seedSynthetic(handle.db, 1500);
    const before = await productsPages();
    expect(await vacuumChangedTables(handle.db)).toContain('products');
    const after = await productsPages();
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.pages).toBeGreaterThan(8);
    expect(after.visible).toBe(after.pages);
    expect(await vacuumChangedTables(handle.db)).not.toContain('products');
    // A few changed rows are not enough (50 + 20% dead rows, or 1,000 + 20% inserted).
    await sql`update products set views_count = views_count + 1 where id in (select id from products order by id limit 20)`.execute(handle.db);
    expect(await vacuumChangedTables(handle.db)).not.toContain('products');
  });

  it('vacuums a table that grew before this process (PGlite starts with no change counters): its pages not all-visible say so', async () => {
    await seedSynthetic(handle.db, 1500);
    // ANALYZE measures the visibility map too: the new rows' pages are not all-visible.
    expect(await analyzeChangedTables(handle.db)).toContain('products');
    const measured = await productsPages();
    expect(measured.pages - measured.visible).toBeGreaterThan(8);
    // What a restart does to the counters.
    await sql`select pg_stat_reset()`.execute(handle.db);
    expect(await vacuumChangedTables(handle.db)).toContain('products');
    const after = await productsPages();
    expect(after.visible).toBe(after.pages);
    expect(await vacuumChangedTables(handle.db)).toEqual([]);
  });

  it('refreshStatistics vacuums only when asked (after an import), and leaves PostgreSQL alone', async () => {
    await seedSynthetic(handle.db, 1500);
    const before = await productsPages();
    await refreshStatistics(handle);
    expect((await productsPages()).vacuums).toBe(before.vacuums);
    await refreshStatistics(handle, { vacuum: true });
    expect((await productsPages()).vacuums).toBe(before.vacuums + 1);
    expect(await refreshStatistics({ db: handle.db, driver: 'neon' }, { vacuum: true })).toEqual([]);
    expect((await productsPages()).vacuums).toBe(before.vacuums + 1);
  });
});
