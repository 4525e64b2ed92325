/**
 * Creator webhook deliveries and changelog fetches are pg-boss jobs (docs/decisions/060): one
 * job per delivery, one per fetch of a source, retried by pg-boss. The rows stay as the log of
 * what was sent and fetched; what only the old claim loops used goes:
 * - webhook_deliveries: the claim (claim_token, claimed_until), the schedule (next_attempt_at
 *   and its index) and first_attempt_at (it bounded the retries to 24 hours);
 * - ai_tool_changelog_sources: the claim. next_fetch_at stays: it is the sources' poll schedule.
 * On a database where pg-boss already runs, the two old periodic jobs go with their schedules
 * and waiting runs ('webhooks.deliver' comes back as one job per delivery with another queue
 * policy, which pg-boss cannot change in place; 'feeds.fetch' is now 'tool-feeds.scan'). A
 * delivery still pending has no job of its own, so it is closed as failed, saying why.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update webhook_deliveries
    set status = 'failed', last_error = 'Not sent: waiting for a retry when the sender was replaced'
    where status = 'pending'
  `.execute(db);
  await sql`drop index if exists webhook_deliveries_due_idx`.execute(db);
  await sql`
    alter table webhook_deliveries
      drop column next_attempt_at,
      drop column first_attempt_at,
      drop column claim_token,
      drop column claimed_until
  `.execute(db);
  await sql`alter table ai_tool_changelog_sources drop column claim_token, drop column claimed_until`.execute(db);
  // pg-boss's own function deletes a queue with its jobs and schedules.
  await sql`
    do $$
    begin
      if to_regprocedure('pgboss.delete_queue(text)') is not null then
        if exists (select 1 from pgboss.queue where name = 'webhooks.deliver') then
          perform pgboss.delete_queue('webhooks.deliver');
        end if;
        if exists (select 1 from pgboss.queue where name = 'feeds.fetch') then
          perform pgboss.delete_queue('feeds.fetch');
        end if;
      end if;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ai_tool_changelog_sources add column claim_token uuid, add column claimed_until timestamptz`.execute(db);
  await sql`
    alter table webhook_deliveries
      add column next_attempt_at timestamptz not null default now(),
      add column first_attempt_at timestamptz,
      add column claim_token uuid,
      add column claimed_until timestamptz
  `.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
}
