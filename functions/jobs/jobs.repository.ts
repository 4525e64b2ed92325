/**
 * The queries of pg-boss's own tables (docs/decisions/040): the job list of /admin/jobs and the
 * tests. pg-boss creates and migrates its tables in JOBS_SCHEMA; everything else about jobs
 * goes through pg-boss's API (engine.ts).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { JobState } from '@/src/shared/domain';
import { after as afterPosition, timeKey, type TimeKeyset } from '../_shared/keyset.repository';

export const JOBS_SCHEMA = 'pgboss';

export interface JobRow {
  id: string;
  cursor_at: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
}

/** Jobs newest first, optionally of one state, one name or one id, after a keyset position; never pg-boss's own. */
export async function selectJobs(
  db: Db,
  filter: { state?: JobState; name?: string; id?: string; after?: TimeKeyset | null; limit?: number },
): Promise<JobRow[]> {
  const rows = await sql<JobRow>`
    select id, ${timeKey('created_on')} as cursor_at, name, state, data, output, retry_count, retry_limit, created_on, start_after, completed_on
    from ${sql.table(`${JOBS_SCHEMA}.job`)}
    where (${filter.state ?? null}::text is null or state::text = ${filter.state ?? null})
      and (${filter.name ?? null}::text is null or name = ${filter.name ?? null})
      and (${filter.id ?? null}::text is null or id = ${filter.id ?? null}::uuid)
      and name not like '\\_\\_pgboss%'
      and ${filter.after ? afterPosition('created_on', 'id', filter.after) : sql<boolean>`true`}
    order by created_on desc, id desc
    limit ${filter.limit ?? 100}
  `.execute(db);
  return rows.rows;
}

export interface OpenJobRow {
  singleton_key: string;
  state: 'created' | 'retry' | 'active';
  start_after: Date;
}

/** The jobs of `name` with one of `keys` as singletonKey that are waiting, waiting for a retry, or running. */
export async function selectOpenJobs(db: Db, name: string, keys: readonly string[]): Promise<OpenJobRow[]> {
  if (!keys.length) return [];
  const rows = await sql<OpenJobRow>`
    select singleton_key, state, start_after
    from ${sql.table(`${JOBS_SCHEMA}.job`)}
    where name = ${name} and singleton_key in (${sql.join(keys)}) and state in ('created', 'retry', 'active')
  `.execute(db);
  return rows.rows;
}
