/**
 * One creator's emails stopped, not every creator's (issue 31, docs/decisions/078, 'Later').
 * - creator_email_opt_outs: a recipient (user_id) who used the unsubscribe link of one creator's
 *   email (creator_id) gets no more emails from that creator, while 'Emails from creators' stays
 *   on for the others. One row per pair (the primary key: a second unsubscribe adds nothing);
 *   'Undo' deletes it. The audience query reads it by the primary key (user, creator); the
 *   creator's count of those who stopped their emails by creator_id (the second index).
 *   Both ends go with their profile (a deleted account has nothing to opt out of).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_email_opt_outs (
      user_id text not null references profiles (id) on delete cascade,
      creator_id text not null references profiles (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, creator_id),
      check (user_id <> creator_id)
    )
  `.execute(db);
  await sql`create index creator_email_opt_outs_creator_idx on creator_email_opt_outs (creator_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists creator_email_opt_outs`.execute(db);
}
