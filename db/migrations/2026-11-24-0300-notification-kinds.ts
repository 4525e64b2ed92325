/**
 * Notifications of more than one kind (docs/decisions/014): until now a row of
 * user_notifications could only point at a tool update. A creator's sale and refund are
 * notices too (the bell and an email, issue 11), so:
 * - kind: 'tool_update' (every existing row, and the default, so older inserts keep working),
 *   'sale' or 'refund';
 * - update_id becomes nullable and order_id (references orders, no cascade: orders are never
 *   deleted) is added; user_notifications_kind_reference says each kind has exactly its own
 *   reference, and a tool update has its reason while an order notice has none;
 * - unique (user_id, order_id, kind): one sale notice and one refund notice per order and
 *   user, whatever replays the webhook brings (NULL order ids of tool updates never clash).
 * The read state, the unread index and the (user_id, created_at, id) index serve every kind.
 * Frozen in time: never edit after it has landed, never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_notifications
      add column kind text not null default 'tool_update' check (kind in ('tool_update', 'sale', 'refund')),
      add column order_id uuid references orders (id),
      alter column update_id drop not null,
      alter column reason drop not null
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and reason is null)
      ),
      add constraint user_notifications_user_order_kind_key unique (user_id, order_id, kind)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind <> 'tool_update'`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_user_order_kind_key,
      drop constraint user_notifications_kind_reference,
      drop column order_id,
      drop column kind,
      alter column update_id set not null,
      alter column reason set not null
  `.execute(db);
}
