/**
 * Every profiles query: onboarding (accounts work), and the public and own profile pages,
 * their edit, avatar and banner, portfolio, own products and download history (issue 7),
 * and the switch to creator (issue 10). The profile owns name, company, user
 * type and avatar; the users row follows it by trigger (db/migrations/*-profile-owns-identity).
 * Functions take `db` (or a transaction) first.
 */
import type { ProfileFields } from '@/src/shared/api/schemas/profile';
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { OnboardingStatus, UserType } from '@/src/shared/domain';
import { publishedProducts, publishedProductsTable } from '../catalogue/catalogue.repository';
import { timeKey } from '../_shared/keyset.repository';

export interface OnboardingRow {
  onboarding_status: OnboardingStatus;
  interests: string[];
  specialties: string[];
  bio: string | null;
  user_type: UserType;
}

export async function findOnboarding(db: Db, userId: string): Promise<OnboardingRow | undefined> {
  return db.selectFrom('profiles').select(['onboarding_status', 'interests', 'specialties', 'bio', 'user_type']).where('id', '=', userId).executeTakeFirst();
}

export async function updateOnboarding(
  db: Db,
  userId: string,
  values: { status: OnboardingStatus; interests?: string[]; specialties?: string[]; bio?: string | null },
): Promise<OnboardingRow | undefined> {
  return db
    .updateTable('profiles')
    .set({
      onboarding_status: values.status,
      ...(values.interests ? { interests: values.interests } : {}),
      ...(values.specialties ? { specialties: values.specialties } : {}),
      ...(values.bio !== undefined ? { bio: values.bio } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .returning(['onboarding_status', 'interests', 'specialties', 'bio', 'user_type'])
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Public and own profiles (issue 7): the profile, its edit, avatar and banner, the
// portfolio, own products and download history.
// ---------------------------------------------------------------------------

export async function findProfile(db: Db, id: string) {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The id of every profile that is a page (not a deleted account's tombstone): the server's index of ids that exist (scripts/lib/known-ids.ts). */
export async function selectLiveProfileIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('profiles').select('id').where('deleted_at', 'is', null).execute()).map((r) => r.id);
}

/** The row, locked for the rest of the transaction (an edit reads, merges and writes it). */
export async function lockProfile(db: Db, id: string) {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Writes the given editable fields; the others keep their values. */
export async function updateProfileFields(db: Db, id: string, values: Partial<ProfileFields>) {
  return db
    .updateTable('profiles')
    .set({
      ...(values.fullName !== undefined ? { full_name: values.fullName } : {}),
      ...(values.bio !== undefined ? { bio: values.bio } : {}),
      ...(values.company !== undefined ? { company: values.company } : {}),
      ...(values.location !== undefined ? { location: values.location } : {}),
      ...(values.website !== undefined ? { website: values.website } : {}),
      ...(values.socialLinks !== undefined ? { social_links: JSON.stringify(values.socialLinks) } : {}),
      ...(values.specialties !== undefined ? { specialties: values.specialties } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Switches the account to creator with its company or project name ('Start selling'). The
 * users row follows in the same statement (trigger profiles_sync_user, docs/decisions/012).
 */
export async function setCreatorType(db: Db, id: string, company: string) {
  return db.updateTable('profiles').set({ user_type: 'creator', company, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Locks the profile row and returns the current picture URLs (one upload at a time per user). */
export async function lockProfileImages(db: Db, id: string) {
  return db.selectFrom('profiles').select(['avatar_url', 'banner_image_url']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The account's image (what the session and header show) follows through profiles_sync_user. */
export async function setAvatarUrl(db: Db, id: string, url: string | null): Promise<void> {
  await db.updateTable('profiles').set({ avatar_url: url, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function setBannerUrl(db: Db, id: string, url: string | null): Promise<void> {
  await db.updateTable('profiles').set({ banner_image_url: url, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function publishedFigures(db: Db, creatorId: string): Promise<{ products: number; downloads: number }> {
  const row = await publishedProducts(db)
    .select([sql<string>`count(*)`.as('products'), sql<string>`coalesce(sum(p.downloads_count), 0)`.as('downloads')])
    .where('p.creator_id', '=', creatorId)
    .executeTakeFirst();
  return { products: Number(row?.products ?? 0), downloads: Number(row?.downloads ?? 0) };
}

/** Categories the creator has published products in, for the portfolio filter. */
export async function listPortfolioCategories(db: Db, creatorId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name'])
    .where((eb) =>
      eb.exists(eb.selectFrom(publishedProductsTable(db)).select('p.id').whereRef('p.category_id', '=', 'c.id').where('p.creator_id', '=', creatorId)),
    )
    .orderBy('c.name')
    .execute();
}

/** Where a portfolio page starts: after the last row of the previous one, in the sort's order. */
export type PortfolioPosition =
  { s: 'newest'; at: string; id: string } | { s: 'popular'; d: number; at: string; id: string } | { s: 'top_rated'; r: string; d: number; id: string };

/**
 * The creator's published products in one of the three sorts (every sort ends on the id, so
 * the order is total), a keyset page after `after`.
 */
export async function listPortfolio(
  db: Db,
  creatorId: string,
  options: { sort: 'newest' | 'popular' | 'top_rated'; categoryId: string | null; after: PortfolioPosition | null; limit: number },
) {
  let query = publishedProducts(db)
    .select([
      'p.id',
      'p.title',
      'p.short_description',
      'p.price',
      'p.pricing_model',
      'p.pay_what_you_want',
      'p.rating',
      'p.rating_score',
      'p.downloads_count',
      'p.image_url',
      'p.category_id',
      'p.created_at',
      timeKey('p.created_at').as('cursor_at'),
      // A bundle's item count (0: not a bundle; docs/decisions/080), by the items' primary key.
      sql<number>`(select count(*)::int from bundle_items bi where bi.bundle_id = p.id)`.as('bundle_item_count'),
    ])
    .where('p.creator_id', '=', creatorId);
  if (options.categoryId) query = query.where('p.category_id', '=', options.categoryId);
  const at = options.after;
  if (at?.s === 'newest') query = query.where(sql<boolean>`(p.created_at, p.id) < (${at.at}::timestamptz, ${at.id}::uuid)`);
  if (at?.s === 'popular')
    query = query.where(sql<boolean>`(p.downloads_count, p.created_at, p.id) < (${at.d}::integer, ${at.at}::timestamptz, ${at.id}::uuid)`);
  if (at?.s === 'top_rated')
    query = query.where(sql<boolean>`(p.rating_score, p.downloads_count, p.id) < (${at.r}::numeric, ${at.d}::integer, ${at.id}::uuid)`);
  if (options.sort === 'popular') query = query.orderBy('p.downloads_count', 'desc').orderBy('p.created_at', 'desc');
  else if (options.sort === 'top_rated') query = query.orderBy('p.rating_score', 'desc').orderBy('p.downloads_count', 'desc');
  else query = query.orderBy('p.created_at', 'desc');
  return query.orderBy('p.id', 'desc').limit(options.limit).execute();
}

/** The owner's products in every status, newest first (section 7: products by creator). */
export async function listOwnProducts(db: Db, creatorId: string, limit = 100) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'status',
      'price',
      'pricing_model',
      'pay_what_you_want',
      'downloads_count',
      'views_count',
      'rating',
      'image_url',
      'created_at',
      'updated_at',
    ])
    .where('creator_id', '=', creatorId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The user's downloads with the product, newest first; status says whether it can be downloaded again. */
export async function listDownloads(db: Db, userId: string, limit = 50) {
  return db
    .selectFrom('downloads as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .leftJoin('profiles as c', 'c.id', 'p.creator_id')
    .select([
      'd.id',
      'd.download_type',
      'd.amount',
      'd.created_at',
      'p.id as product_id',
      'p.title',
      'p.image_url',
      'p.status',
      'p.creator_id',
      'c.full_name as creator_name',
    ])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
