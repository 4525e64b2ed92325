/**
 * rebuild_requests becomes the log of content changes only (docs/decisions/061): the refresh of
 * the pages is the 'pages.refresh' job (pg-boss keeps, retries and records it), so the columns
 * and the index that let the page publisher claim and finish pending requests go.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rebuild_requests_pending_idx`.execute(db);
  await sql`alter table rebuild_requests drop column started_at, drop column finished_at, drop column error`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rebuild_requests add column started_at timestamptz, add column finished_at timestamptz, add column error text`.execute(db);
  // Every change logged so far counts as done.
  await sql`update rebuild_requests set started_at = requested_at, finished_at = requested_at`.execute(db);
  await sql`create index rebuild_requests_pending_idx on rebuild_requests (requested_at) where started_at is null`.execute(db);
}
