/**
 * API keys for creators (docs/decisions/025): the table of better-auth's API key plugin
 * (@better-auth/api-key), its fields named as functions/auth/auth-tables.ts maps them.
 * Generated once with better-auth's getMigrations, then given what it leaves out: the owner
 * as a foreign key (a deleted account takes its keys with it), the hashed key unique (it is
 * how a request's key is looked up), defaults for the counters, and an index for listing
 * an account's keys newest first.
 * - key: the SHA-256 of the secret (base64url); the secret itself is never stored.
 * - start: the first characters of the secret, to tell keys apart in the list.
 * - permissions: the scopes as the plugin stores them, JSON of { resource: [action] }.
 * - last_request: the time of the latest verified request with the key ('last used').
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id text primary key,
      config_id text not null default 'default',
      name text,
      start text,
      reference_id text not null references users (id) on delete cascade,
      prefix text,
      key text not null unique,
      refill_interval integer,
      refill_amount integer,
      last_refill_at timestamptz,
      enabled boolean default true,
      rate_limit_enabled boolean default true,
      rate_limit_time_window integer,
      rate_limit_max integer,
      request_count integer default 0,
      remaining integer,
      last_request timestamptz,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      permissions text,
      metadata text
    )
  `.execute(db);
  await sql`create index api_keys_reference_created_idx on api_keys (reference_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists api_keys`.execute(db);
}
