/**
 * The figures pass on Vercel (docs/decisions/073): where 'pages.figures' stands between two
 * cron calls, since no process stays up to keep it in memory as the embedded server's page
 * store does (docs/decisions/064).
 * - figures_revalidation: one row, the position (the figure changes read up to `since`, the
 *   database's clock), when the last pass ran, and the changes already taken in the few seconds
 *   the next pass reads again (`seen`, keys of changes).
 * - figures_revalidation_pending: each page that shows a changed figure and is not revalidated
 *   yet, with its oldest change (revalidated oldest first, a bounded number per pass).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table figures_revalidation (
      id smallint primary key default 1 check (id = 1),
      since timestamptz not null,
      passed_at timestamptz not null,
      seen jsonb not null default '[]'
    )
  `.execute(db);
  await sql`
    create table figures_revalidation_pending (
      path text primary key,
      changed_at timestamptz not null
    )
  `.execute(db);
  await sql`create index figures_revalidation_pending_changed_idx on figures_revalidation_pending (changed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists figures_revalidation_pending`.execute(db);
  await sql`drop table if exists figures_revalidation`.execute(db);
}
