/**
 * Fan-out in background jobs (issue 18, docs/decisions/040).
 * - ai_tool_follows (tool_id, user_id): the fan-out job reads a tool's followers in keyset
 *   batches of 1,000 by user id; it replaces the (tool_id) index it contains.
 * - follows (following_id, follower_id): the same for a creator's followers.
 * - user_notifications gains the kind 'new_product' (a product published by a creator the user
 *   follows) with its reference, product_id (deleted with the product); the two checks widen,
 *   and unique (user_id, product_id) keeps one notice per follower per product (the NULLs of
 *   the other kinds never clash), which is what makes the job idempotent.
 *   (Merged with 2026-11-28-0400-tools-directory, which runs first: the checks written here
 *   keep its 'tool_notice' kind and tool_id reference.)
 * pg-boss's own tables (schema pgboss) are not here: pg-boss installs and migrates them itself.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ai_tool_follows_tool_user_idx on ai_tool_follows (tool_id, user_id)`.execute(db);
  await sql`drop index if exists ai_tool_follows_tool_idx`.execute(db);
  await sql`create index follows_following_follower_idx on follows (following_id, follower_id)`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_kind_check,
      drop constraint user_notifications_kind_reference,
      add column product_id uuid references products (id) on delete cascade
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version', 'tool_notice', 'new_product')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and tool_id is null and product_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and tool_id is null and product_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and tool_id is null and product_id is null and reason is null)
        or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and update_id is null and order_id is null and product_version_id is null and product_id is null and reason is null)
        or (kind = 'new_product' and product_id is not null and update_id is null and order_id is null and product_version_id is null and tool_id is null and reason is null)
      ),
      add constraint user_notifications_user_product_key unique (user_id, product_id)
  `.execute(db);
  // Deleting a product finds its notices through it.
  await sql`create index user_notifications_product_idx on user_notifications (product_id) where product_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind = 'new_product'`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_user_product_key,
      drop constraint user_notifications_kind_reference,
      drop constraint user_notifications_kind_check,
      drop column product_id
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version', 'tool_notice')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and tool_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and tool_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and tool_id is null and reason is null)
        or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and update_id is null and order_id is null and product_version_id is null and reason is null)
      )
  `.execute(db);
  await sql`drop index if exists follows_following_follower_idx`.execute(db);
  await sql`create index ai_tool_follows_tool_idx on ai_tool_follows (tool_id)`.execute(db);
  await sql`drop index if exists ai_tool_follows_tool_user_idx`.execute(db);
}
