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
 *
 * The keeper and a large import also VACUUM what autovacuum would (vacuumChangedTables,
 * docs/decisions/069): without it the visibility map of a table that grew by inserts is never
 * set, so no scan can answer from an index alone, and every count reads the table: at 100k
 * products counting the published ones took 55-90 ms of PGlite's one thread where the index
 * alone takes 14 ms, four counts for each product change (its pages). Not at start: a start
 * waits for refreshStatistics, and the keeper's first round comes a minute later.
 */
import { sql } from 'kysely';
import type { Db, DbHandle } from './database';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, PostgreSQL's defaults. */
export const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/**
 * autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor (dead rows), and
 * autovacuum_vacuum_insert_threshold and autovacuum_vacuum_insert_scale_factor (rows inserted
 * since the last vacuum, PostgreSQL 13+), PostgreSQL's defaults.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;
const VACUUM_INSERT_SCALE_FACTOR = 0.2;
/**
 * PGlite keeps no change counters across a restart (pg_stat starts empty), so the counters
 * alone would never vacuum a table that grew before this process: the insert rule is also
 * read from the table itself, as pages not known all-visible (pg_class.relallvisible, which
 * VACUUM and ANALYZE refresh), more than this many plus the insert scale factor's share of them.
 */
const VACUUM_PAGES_THRESHOLD = 8;
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

/** Tables of the current schema that autovacuum would vacuum now: enough dead rows, or enough rows inserted since the last vacuum (VACUUM_PAGES_THRESHOLD). */
async function findTablesToVacuum(db: Db): Promise<string[]> {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const result = await sql<{ table: string }>`
    select s.relname as "table"
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
      and (s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE_FACTOR}::float8 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > ${VACUUM_INSERT_THRESHOLD} + ${VACUUM_INSERT_SCALE_FACTOR}::float8 * greatest(c.reltuples, 0)
        or c.relpages - c.relallvisible > ${VACUUM_PAGES_THRESHOLD} + ${VACUUM_INSERT_SCALE_FACTOR}::float8 * c.relpages)
    order by s.relname
  `.execute(db);
  return result.rows.map((r) => r.table);
}

/**
 * VACUUM each table autovacuum would (see VACUUM_THRESHOLD): dead rows are reclaimed and the
 * visibility map set, so counts and other scans of indexed columns read the index alone.
 * Returns their names.
 */
export async function vacuumChangedTables(db: Db): Promise<string[]> {
  const due = await findTablesToVacuum(db);
  for (const table of due) await sql`vacuum ${sql.id(table)}`.execute(db);
  return due;
}

/** ANALYZE each table that changed enough (see the header); returns their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const stale = await findStaleTables(db);
  for (const { table } of stale) await sql`analyze ${sql.id(table)}`.execute(db);
  return stale.map((t) => t.table);
}

/**
 * analyzeChangedTables() on the embedded database, after vacuumChangedTables() with `vacuum`
 * (after a large import); nothing on PostgreSQL, whose autovacuum does both.
 */
export async function refreshStatistics(handle: Pick<DbHandle, 'db' | 'driver'>, options: { vacuum?: boolean } = {}): Promise<string[]> {
  if (handle.driver !== 'pglite') return [];
  if (options.vacuum) await vacuumChangedTables(handle.db);
  return analyzeChangedTables(handle.db);
}

/**
 * Runs vacuumChangedTables() and analyzeChangedTables() every `intervalMs` until stopped. The timer does not keep the
 * process alive; stop() waits for a run in progress, so the database can be closed after it.
 */
export function keepStatistics(db: Db, intervalMs = STATISTICS_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const vacuumed = await vacuumChangedTables(db);
        if (vacuumed.length) console.log(`[db] vacuumed ${vacuumed.join(', ')}`);
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
