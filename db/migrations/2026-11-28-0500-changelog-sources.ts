/**
 * Changelog sources of AI tools (issue 17, docs/decisions/039).
 * - ai_tool_changelog_sources: a feed URL of a tool (RSS 2.0, Atom or JSON Feed; `kind` is
 *   what the last good fetch found), its conditional-request validators (etag, last_modified),
 *   its schedule (next_fetch_at) and health (consecutive_failures, paused_at, last_status).
 *   Workers claim due rows (claim_token, claimed_until) so two runs never fetch one source at
 *   once; a crashed run's claim lapses at claimed_until. A removed source keeps its row
 *   (removed_at), so a seeded source a maintainer removed is not seeded again, and adding the
 *   same URL again brings it back with its history.
 * - ai_tool_feed_entries: every entry already seen for a tool, by guid (or link): the
 *   primary key is what makes two overlapping runs post an entry once.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ai_tool_changelog_sources (
      id uuid primary key default gen_random_uuid(),
      tool_id text not null references ai_tools (id) on delete cascade,
      url text not null check (char_length(url) <= 2048),
      kind text check (kind in ('rss', 'atom', 'json')),
      added_by text references profiles (id) on delete set null,
      etag text check (char_length(etag) <= 512),
      last_modified text check (char_length(last_modified) <= 128),
      last_fetched_at timestamptz,
      last_success_at timestamptz,
      next_fetch_at timestamptz not null default now(),
      consecutive_failures integer not null default 0,
      paused_at timestamptz,
      last_status text check (char_length(last_status) <= 300),
      claim_token uuid,
      claimed_until timestamptz,
      removed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (tool_id, url)
    )
  `.execute(db);
  await sql`
    create index ai_tool_changelog_sources_due_idx on ai_tool_changelog_sources (next_fetch_at)
    where paused_at is null and removed_at is null
  `.execute(db);

  await sql`
    create table ai_tool_feed_entries (
      tool_id text not null references ai_tools (id) on delete cascade,
      entry_key text not null check (char_length(entry_key) <= 2048),
      source_id uuid references ai_tool_changelog_sources (id) on delete set null,
      update_id uuid references ai_tool_updates (id) on delete set null,
      seen_at timestamptz not null default now(),
      primary key (tool_id, entry_key)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ai_tool_feed_entries`.execute(db);
  await sql`drop table if exists ai_tool_changelog_sources`.execute(db);
}
