/**
 * Every query of user_notifications, always scoped to one user: a query here never reads or
 * changes another user's rows (each takes the user id and filters on it). Rows are of every
 * kind (src/shared/notifications.ts): the counts and read marks cover them all; the feed reads
 * tool updates and order notices separately and the service merges them.
 * (Tool-update notices are written with their update, in functions/tool-updates; tool notices
 * by functions/tools; community notices by functions/community.)
 */
import { sql, type SqlBool } from 'kysely';
import type { Db } from '@/db/database';
import { ORDER_NOTIFICATION_KINDS, type OrderNotificationKind } from '@/src/shared/domain';
import { newestPage, timeKey, type TimeKeyset } from '../_shared/keyset.repository';
import { pageOfUpdates, selectUpdates, type UpdatesPage } from '../tool-updates/tool-updates.repository';
import { notTurnedOff } from '../email/in-app.repository';

/**
 * A notice about an order (a creator's sale, refund or refund request; a buyer's answer to their
 * refund request), once: the (user_id, order_id, kind) unique
 * constraint makes a second write do nothing. Called inside the transaction of the order's
 * transition, so the notice and the transition commit or roll back together.
 */
export async function insertOrderNotice(
  db: Db,
  values: {
    userId: string;
    orderId: string;
    kind: OrderNotificationKind;
    /** The email kind whose 'Off' writes no notice (default 'sale'); null: always written (a buyer's answer to their refund request). */
    preference?: 'sale' | null;
  },
): Promise<boolean> {
  // Sales, refunds and refund requests are one email kind, 'sale': Off there writes no notice either (functions/email/in-app.repository.ts).
  const preference = values.preference === undefined ? 'sale' : values.preference;
  const row = await db
    .insertInto('user_notifications')
    .columns(['user_id', 'order_id', 'kind', 'reason'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${values.userId}::text`.as('user_id'),
          sql<string>`${values.orderId}::uuid`.as('order_id'),
          sql<OrderNotificationKind>`${values.kind}::text`.as('kind'),
          sql<null>`null`.as('reason'),
        ])
        .where(preference ? notTurnedOff(sql`${values.userId}::text`, sql`${preference}::text`) : sql<boolean>`true`),
    )
    .onConflict((oc) => oc.columns(['user_id', 'order_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_notifications')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: string, notificationId: string): Promise<boolean> {
  const rows = await db
    .updateTable('user_notifications')
    .set({ is_read: true, read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('user_notifications')
    .set({ is_read: true, read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/**
 * The reader's updates, newest first: every update of a tool they follow, and every update
 * they were notified about (a security notice for a tool they do not follow, or a tool they
 * have unfollowed since), each with their notification when they have one.
 */
export async function listFeed(db: Db, userId: string, options: UpdatesPage) {
  const query = selectUpdates(db)
    .leftJoin('user_notifications as n', (join) => join.onRef('n.update_id', '=', 'u.id').on('n.user_id', '=', userId))
    .where((eb) => eb.or([eb('u.tool_id', 'in', eb.selectFrom('ai_tool_follows').select('tool_id').where('user_id', '=', userId)), eb('n.id', 'is not', null)]))
    .select([
      'n.id as notification_id',
      'n.is_read',
      'n.reason',
      sql<{ id: string; title: string } | null>`case when n.reason = 'security_impact' then (
        select jsonb_build_object('id', p.id, 'title', p.title)
        from downloads d join products p on p.id = d.product_id
        where d.user_id = ${userId} and p.ai_tool_type = u.tool_id
        order by d.created_at desc limit 1
      ) end`.as('impacted_product'),
    ]);
  return pageOfUpdates(query, options).execute();
}

/** The user's sale and refund notices newest first, with the order's product and amount. */
export async function listOrderNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('orders as o', 'o.id', 'n.order_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', 'in', ORDER_NOTIFICATION_KINDS)
    .select([
      'n.id',
      'n.kind',
      'n.is_read',
      'n.created_at',
      'n.order_id',
      'o.product_id',
      'p.title as product_title',
      'o.amount_cents',
      timeKey('n.created_at').as('cursor_at'),
    ]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/**
 * An owner's notice of a product's new version, one per owner (docs/decisions/030): everyone
 * with a paid order of the product that is not refunded, and everyone who downloaded it free,
 * apart from its creator. One statement, inside the transaction that released the version;
 * the (user_id, product_version_id) unique constraint makes a second write a no-op.
 * Returns how many notices were written.
 */
export async function insertVersionNotices(db: Db, values: { versionId: string; productId: string; creatorId: string }): Promise<number> {
  const rows = await db
    .insertInto('user_notifications')
    .columns(['user_id', 'kind', 'product_version_id', 'reason'])
    .expression(
      db
        .selectFrom(
          db
            .selectFrom('orders')
            .select('buyer_id as owner_id')
            .where('product_id', '=', values.productId)
            .where('status', '=', 'paid')
            .union(db.selectFrom('downloads').select('user_id as owner_id').where('product_id', '=', values.productId).where('download_type', '=', 'free'))
            .as('owners'),
        )
        .select([
          'owners.owner_id',
          sql<'product_version'>`'product_version'`.as('kind'),
          sql<string>`${values.versionId}::uuid`.as('product_version_id'),
          sql<null>`null`.as('reason'),
        ])
        .where('owners.owner_id', '<>', values.creatorId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'product_version_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** The user's notices of new versions newest first, with the product and the version's notes. */
export async function listVersionNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('product_versions as v', 'v.id', 'n.product_version_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'product_version')
    .select(['n.id', 'n.is_read', 'n.created_at', 'v.product_id', 'p.title as product_title', 'v.version', 'v.notes', timeKey('n.created_at').as('cursor_at')]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/** The size of one fan-out INSERT … SELECT (docs/decisions/040). */
export const NEW_PRODUCT_BATCH = 1000;

/**
 * One batch of 'new_product' notices for a product: the next `limit` followers of its creator
 * by user id after `after` (index follows (following_id, follower_id)). Unique (user_id,
 * product_id): a rerun, or the product published again, writes nothing twice. Nobody whose 'New
 * products' preference is Off (functions/email/in-app.repository.ts).
 */
export async function insertNewProductNoticeBatch(
  db: Db,
  product: { id: string; creatorId: string; publishedAt: Date },
  after: string,
  limit = NEW_PRODUCT_BATCH,
): Promise<{ seen: number; written: number; last: string | null }> {
  const result = await sql<{ seen: number | string; written: number | string; last: string | null }>`
    with batch as (
      select f.follower_id as user_id
      from follows f
      where f.following_id = ${product.creatorId} and f.follower_id > ${after}
      order by f.follower_id
      limit ${limit}
    ), written as (
      insert into user_notifications (user_id, kind, product_id, reason, created_at)
      select user_id, 'new_product', ${product.id}::uuid, null, ${product.publishedAt}::timestamptz from batch
      where ${notTurnedOff(sql`batch.user_id`, sql`'new_product'`)}
      on conflict (user_id, product_id) where product_id is not null do nothing
      returning 1
    )
    select (select count(*) from batch) as seen, (select count(*) from written) as written, (select max(user_id) from batch) as last
  `.execute(db);
  const row = result.rows[0];
  return { seen: Number(row?.seen ?? 0), written: Number(row?.written ?? 0), last: row?.last ?? null };
}

/** The user's notices of new products newest first, with the product and its creator (as counted in the unread badge). */
export async function listNewProductNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('products as p', 'p.id', 'n.product_id')
    .leftJoin('profiles as c', 'c.id', 'p.creator_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'new_product')
    .select([
      'n.id',
      'n.is_read',
      'n.created_at',
      'p.id as product_id',
      'p.title as product_title',
      'p.creator_id',
      'c.full_name as creator_name',
      timeKey('n.created_at').as('cursor_at'),
    ]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/** The user's community notices newest first, with the thread, the actor and the reply's first words. */
export async function listCommunityNotices(db: Db, userId: string, options: { after?: { at: string; id: string } | null; limit: number }) {
  let query = db
    .selectFrom('user_notifications as n')
    .innerJoin('community_threads as t', 't.id', 'n.community_thread_id')
    .leftJoin('community_replies as r', 'r.id', 'n.community_reply_id')
    .leftJoin('profiles as a', 'a.id', 'n.actor_id')
    .leftJoin('products as p', 'p.id', 't.product_id')
    .where('n.user_id', '=', userId)
    .where('n.community_thread_id', 'is not', null)
    .select([
      'n.id',
      'n.kind',
      'n.is_read',
      'n.created_at',
      'n.community_thread_id',
      'n.community_reply_id',
      't.title as thread_title',
      'a.full_name as actor_name',
      'p.title as product_title',
      sql<
        string | null
      >`case when r.id is not null and r.deleted_at is null then left(r.body, 400) when r.id is null and t.deleted_at is null then left(t.body, 400) end`.as(
        'excerpt_source',
      ),
      timeKey('n.created_at').as('cursor_at'),
    ]);
  if (options.after) query = query.where(sql<SqlBool>`(n.created_at, n.id) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(options.limit).execute();
}

/** The user's tool notices newest first, with the tool's name and whether it has a detail page. */
export async function listToolNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('ai_tools as t', 't.id', 'n.tool_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'tool_notice')
    .select([
      'n.id',
      'n.is_read',
      'n.created_at',
      'n.tool_id',
      'n.tool_event',
      'n.note',
      't.name as tool_name',
      't.detail_page',
      timeKey('n.created_at').as('cursor_at'),
    ]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/** The user's notices of their suspension and its lifting newest first, with the logged action (docs/decisions/042). */
export async function listSuspensionNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('moderation_actions as a', 'a.id', 'n.moderation_action_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'account_suspension')
    .select(['n.id', 'n.is_read', 'n.created_at', 'a.action', 'a.until', 'a.reason', timeKey('n.created_at').as('cursor_at')]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/** The user's payout notices (docs/decisions/048), with what each payout holds now. */
export async function listPayoutNotices(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  const query = db
    .selectFrom('user_notifications as n')
    .innerJoin('payout_requests as p', 'p.id', 'n.payout_id')
    .where('n.user_id', '=', userId)
    .where('n.kind', '=', 'payout')
    .select([
      'n.id',
      'n.is_read',
      'n.created_at',
      'p.id as payout_id',
      'p.status',
      'p.amount_cents',
      'p.reference',
      'p.failure_reason',
      timeKey('n.created_at').as('cursor_at'),
    ]);
  return newestPage(query, 'n.created_at', 'n.id', options);
}

/** A published product with its creator and publication time, for its followers' notices. */
export async function findPublishedProductForNotices(db: Db, id: string) {
  return db.selectFrom('products').select(['id', 'creator_id', 'published_at']).where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
}
