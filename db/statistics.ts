/**
 * Planner statistics for the embedded database (docs/decisions/016).
 *
 * PostgreSQL's autovacuum runs ANALYZE on a table once enough of it has changed; PGlite has
 * no autovacuum, so without this its planner works from empty statistics and picks plans
 * that are fine at 100 products and ruinous at 100k (search p95 265 ms -> 59 ms after one
 * ANALYZE, docs/benchmarks.md). analyzeChangedTables() applies autovacuum's own rule: a table
 * is analysed when it has never been (reltuples < 0) or when more than
 * 50 + 10% of its rows changed since the last ANALYZE (autovacuum_analyze_threshold and
 * autovacuum_analyze_scale_factor at their defaults).
 *
 * Callers: scripts/lib/prepare-data.ts after migrations and seeding, scripts/db.ts,
 * scripts/seed-synthetic.ts after a large import, and keepStatistics(), which db/database.ts
 * starts for every PGlite it opens, every minute (autovacuum_naptime). On PostgreSQL
 * (Neon) autovacuum does this and refreshStatistics() does nothing.
 */
import { sql } from 'kysely';
import type { Db, DbHandle } from './database';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, PostgreSQL's defaults. */
export const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/** autovacuum_naptime: how often the keeper looks for changed tables. */
const STATISTICS_INTERVAL_MS = 60_000;

interface TableChange {
  table: string;
  reltuples: number;
  changed: number;
}

/** Tables of the current schema that autovacuum would analyse now. */
async function findStaleTables(db: Db): Promise<TableChange[]> {
  // PGlite reports its change counters to pg_stat lazily; this makes the next query see them.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const result = await sql<{ table: string; reltuples: number; changed: string }>`
    select s.relname as "table", c.reltuples::float8 as reltuples, s.n_mod_since_analyze as changed
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
      and (c.reltuples < 0 or s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR}::float8 * c.reltuples)
    order by s.relname
  `.execute(db);
  return result.rows.map((r) => ({ table: r.table, reltuples: Number(r.reltuples), changed: Number(r.changed) }));
}

/** ANALYZE each table that changed enough (see the header); returns their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const stale = await findStaleTables(db);
  for (const { table } of stale) await sql`analyze ${sql.id(table)}`.execute(db);
  return stale.map((t) => t.table);
}

/** analyzeChangedTables() on the embedded database; nothing on PostgreSQL, whose autovacuum does it. */
export async function refreshStatistics(handle: Pick<DbHandle, 'db' | 'driver'>): Promise<string[]> {
  return handle.driver === 'pglite' ? analyzeChangedTables(handle.db) : [];
}

/**
 * Runs analyzeChangedTables() every `intervalMs` until stopped. The timer does not keep the
 * process alive; stop() waits for a run in progress, so the database can be closed after it.
 */
export function keepStatistics(db: Db, intervalMs = STATISTICS_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const analysed = await analyzeChangedTables(db);
        if (analysed.length) console.log(`[db] analysed ${analysed.join(', ')}`);
      } catch (error) {
        if (!stopped) console.warn('[db] keeping statistics failed:', (error as Error).message);
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
