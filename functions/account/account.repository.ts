/**
 * Every query of account settings (issue 15, docs/decisions/032): handles, the session list,
 * the data export, and the erasure of a deleted account's personal data. Functions take `db`
 * (or a transaction) first. Money tables (orders, payouts, downloads, licences, subscriptions)
 * are only ever read here, never deleted.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

// ---- Handles ----------------------------------------------------------------------------

/** The live profile with this handle (case-insensitive); a deleted account has none. */
export async function findProfileIdByHandle(db: Db, handle: string): Promise<{ id: string; handle: string } | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select(['id', 'handle'])
    .where(sql<string>`lower(handle)`, '=', handle.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.handle ? { id: row.id, handle: row.handle } : undefined;
}

export async function findHandle(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('profiles').select('handle').where('id', '=', userId).executeTakeFirst();
  return row?.handle ?? null;
}

export async function handleTakenByOther(db: Db, handle: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where(sql<string>`lower(handle)`, '=', handle.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Sets the handle; the unique index settles a race (23505, answered as taken by the service). */
export async function setHandle(db: Db, userId: string, handle: string | null): Promise<void> {
  await db.updateTable('profiles').set({ handle, updated_at: new Date() }).where('id', '=', userId).execute();
}

// ---- Sessions ---------------------------------------------------------------------------

export async function listActiveSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'updated_at', 'expires_at', 'ip_address', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('updated_at', 'desc')
    .execute();
}

/** The token of one of the user's sessions (to revoke it through better-auth), or undefined. */
export async function findSessionToken(db: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('sessions').select('token').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return row?.token;
}

// ---- Export -----------------------------------------------------------------------------

export async function exportAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.email_verified',
      'users.created_at',
      'profiles.handle',
      'profiles.full_name',
      'profiles.user_type',
      'profiles.role',
      'profiles.company',
      'profiles.bio',
      'profiles.interests',
      'profiles.avatar_url',
      'profiles.banner_image_url',
      'profiles.social_links',
      'profiles.specialties',
      'profiles.location',
      'profiles.website',
      'profiles.verified',
      'profiles.follower_count',
      'profiles.following_count',
      'profiles.onboarding_status',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function exportProducts(db: Db, userId: string) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'short_description',
      'description',
      'price',
      'pricing_model',
      'status',
      'category_id',
      'ai_tool_type',
      'tags',
      'content_delivery_type',
      'downloads_count',
      'views_count',
      'published_at',
      'created_at',
      'updated_at',
    ])
    .where('creator_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The user's purchases (as buyer). Sales are the creator's records of other people, so not exported. */
export async function exportOrders(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .leftJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.number',
      'orders.product_id',
      'products.title as product_title',
      'orders.kind',
      'orders.amount_cents',
      'orders.currency',
      'orders.status',
      'orders.created_at',
      'orders.paid_at',
      'orders.refunded_at',
    ])
    .where('orders.buyer_id', '=', userId)
    .orderBy('orders.created_at')
    .execute();
}

export async function exportDownloads(db: Db, userId: string) {
  return db
    .selectFrom('downloads')
    .select(['product_id', 'download_type', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function exportFavorites(db: Db, userId: string) {
  return db.selectFrom('favorites').select(['product_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function exportFollows(db: Db, userId: string) {
  const [people, tools] = await Promise.all([
    db.selectFrom('follows').select(['following_id as profile_id', 'created_at']).where('follower_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('ai_tool_follows').select(['tool_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
  ]);
  return { people, tools };
}

/** Seller reviews the user wrote (product reviews are added beside it: functions/account/account.service.ts). */
export async function exportSellerReviews(db: Db, userId: string) {
  return db
    .selectFrom('seller_reviews')
    .select(['id', 'seller_id', 'rating', 'review_text', 'created_at', 'updated_at'])
    .where('reviewer_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Product reviews the user wrote, with the creator's public reply to each. */
export async function exportProductReviews(db: Db, userId: string) {
  return db
    .selectFrom('product_reviews')
    .select(['id', 'product_id', 'rating', 'review_text', 'helpful_count', 'reply_text', 'replied_at', 'created_at', 'updated_at'])
    .where('reviewer_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

// ---- Deletion ---------------------------------------------------------------------------

/** Locks the profile for the erasure; undefined when there is none (or it is already erased). */
export async function lockLiveProfile(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['id']).where('id', '=', userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function isLiveProfile(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}

/** Archives every product of the creator that is not yet archived; answers the ones that were public. */
export async function archiveAllProducts(db: Db, userId: string): Promise<{ id: string; ai_tool_type: string | null }[]> {
  const before = await db
    .selectFrom('products')
    .select(['id', 'status', 'ai_tool_type'])
    .where('creator_id', '=', userId)
    .where('status', '<>', 'archived')
    .execute();
  if (before.length === 0) return [];
  await db
    .updateTable('products')
    .set({ status: 'archived', updated_at: new Date() })
    .where(
      'id',
      'in',
      before.map((p) => p.id),
    )
    .execute();
  return before.filter((p) => p.status === 'published').map((p) => ({ id: p.id, ai_tool_type: p.ai_tool_type }));
}

/** Removes the user's follows both ways, keeping everyone else's counters true. */
export async function removeFollows(db: Db, userId: string): Promise<void> {
  await sql`
    update profiles set follower_count = greatest(follower_count - 1, 0)
    where id in (select following_id from follows where follower_id = ${userId})
  `.execute(db);
  await sql`
    update profiles set following_count = greatest(following_count - 1, 0)
    where id in (select follower_id from follows where following_id = ${userId})
  `.execute(db);
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('following_id', '=', userId)]))
    .execute();
  await db.deleteFrom('ai_tool_follows').where('user_id', '=', userId).execute();
}

/** Deletes the seller reviews the user wrote and those about them; answers the sellers whose figures changed. */
export async function removeSellerReviews(db: Db, userId: string): Promise<string[]> {
  const written = await db.deleteFrom('seller_reviews').where('reviewer_id', '=', userId).returning('seller_id').execute();
  await db.deleteFrom('seller_reviews').where('seller_id', '=', userId).execute();
  return [...new Set(written.map((r) => r.seller_id))];
}

/**
 * Deletes the product reviews the user wrote, their helpful votes (keeping the counts true) and
 * reports; answers the products whose rating changed, with their tool for the pages to refresh.
 */
export async function removeProductReviews(db: Db, userId: string): Promise<{ id: string; ai_tool_type: string | null }[]> {
  await sql`
    update product_reviews set helpful_count = greatest(helpful_count - 1, 0)
    where id in (select review_id from product_review_votes where user_id = ${userId})
  `.execute(db);
  await db.deleteFrom('product_review_votes').where('user_id', '=', userId).execute();
  await db.deleteFrom('reports').where('reporter_id', '=', userId).execute();
  const removed = await db.deleteFrom('product_reviews').where('reviewer_id', '=', userId).returning('product_id').execute();
  const ids = [...new Set(removed.map((r) => r.product_id))];
  if (ids.length === 0) return [];
  return db.selectFrom('products').select(['id', 'ai_tool_type']).where('id', 'in', ids).execute();
}

/** Personal data with no accounting value: favorites, notifications, webhooks, API keys; views lose their author. */
export async function removePersonalRows(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_notifications').where('user_id', '=', userId).execute();
  await db.deleteFrom('webhook_endpoints').where('user_id', '=', userId).execute();
  await db.deleteFrom('api_keys').where('reference_id', '=', userId).execute();
  await db.updateTable('product_interactions').set({ user_id: null }).where('user_id', '=', userId).execute();
}

/** The profile becomes an anonymous tombstone: orders, payouts and licences still point at it. */
export async function anonymiseProfile(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('profiles')
    .set({
      full_name: null,
      company: null,
      bio: null,
      interests: [],
      avatar_url: null,
      banner_image_url: null,
      social_links: '{}',
      specialties: [],
      location: null,
      website: null,
      verified: false,
      handle: null,
      follower_count: 0,
      following_count: 0,
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/** The buyer's subscriptions that still renew (cancelled at period end when the account goes). */
export async function listRenewingSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['provider_subscription_id'])
    .where('buyer_id', '=', userId)
    .where('status', 'in', ['active', 'past_due'])
    .where('cancel_at_period_end', '=', false)
    .execute();
}
