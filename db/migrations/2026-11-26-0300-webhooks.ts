/**
 * Creator webhooks (issue 14, docs/decisions/027).
 * - webhook_endpoints: a creator's https URL, its description, the events it subscribes to
 *   and its signing secret (shown to its owner in /settings/api, so kept readable).
 * - webhook_deliveries: the outbox. One row per event and subscribed endpoint, written in the
 *   transaction of the change that caused it, with the exact JSON body that is signed and
 *   sent. The worker claims due rows (claim_token, claimed_until) so two workers never send
 *   the same attempt at once; a crashed worker's claim lapses at claimed_until.
 * Deleting an endpoint deletes its deliveries; deleting a profile deletes its endpoints.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references profiles (id) on delete cascade,
      url text not null check (char_length(url) <= 2048),
      description text not null default '' check (char_length(description) <= 200),
      events text[] not null check (
        cardinality(events) > 0
        and events <@ array['sale.created', 'sale.refunded', 'product.published', 'review.created']::text[]
      ),
      secret text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index webhook_endpoints_user_idx on webhook_endpoints (user_id, created_at)`.execute(db);

  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_id uuid not null,
      event_type text not null check (event_type in ('sale.created', 'sale.refunded', 'product.published', 'review.created', 'webhook.test')),
      payload text not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      first_attempt_at timestamptz,
      last_attempt_at timestamptz,
      last_status_code integer,
      last_response_snippet text,
      last_error text,
      claim_token uuid,
      claimed_until timestamptz,
      delivered_at timestamptz,
      created_at timestamptz not null default now(),
      unique (endpoint_id, event_id)
    )
  `.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_endpoints`.execute(db);
}
