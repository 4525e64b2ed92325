/**
 * Reputation that sock puppets cannot farm (issue 29, docs/decisions/052):
 * - account_origins: a keyed hash of the network address each account signed up from (never
 *   the address itself), so an up-vote, follow or accepted answer from an account made at the
 *   same address as the one it would reward counts for nothing;
 * - reputation_resets: an administrator's reset of a person's reputation, append-only: who,
 *   whom, why, the figure before, when. Only what was given after a person's latest reset counts.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_origins (
      user_id text primary key references users (id) on delete cascade,
      address_key text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index account_origins_address_idx on account_origins (address_key)`.execute(db);
  await sql`
    create table reputation_resets (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references profiles (id) on delete cascade,
      actor_id text references profiles (id) on delete set null,
      reason text not null check (char_length(reason) between 1 and 1000),
      score_before integer not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index reputation_resets_user_idx on reputation_resets (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists reputation_resets`.execute(db);
  await sql`drop table if exists account_origins`.execute(db);
}
