/**
 * Every query on a creator's own products. Updates and deletes match both id and
 * creator_id, so another user's product behaves as if it did not exist.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { NewProduct, ProductUpdate } from '@/db/schema';
import type { ProductStatus } from '@/src/shared/domain';

const OWNER_COLUMNS = [
  'id',
  'creator_id',
  'title',
  'description',
  'short_description',
  'price',
  'category_id',
  'status',
  'tags',
  'demo_url',
  'download_url',
  'image_url',
  'featured_image_url',
  'additional_images',
  'video_demo_url',
  'downloads_count',
  'views_count',
  'rating',
  'ai_tool_type',
  'content_type',
  'pricing_model',
  'technical_level',
  'deployment_type',
  'compatibility_tags',
  'use_cases',
  'required_skills',
  'output_types',
  'integration_complexity',
  'success_rate',
  'avg_setup_time',
  'community_score',
  'content_delivery_type',
  'content_text',
  'file_urls',
  'download_instructions',
  'issues_license_keys',
  'refund_policy',
  'pay_what_you_want',
  'suggested_price',
  'affiliate_percent',
  'access_requirements',
  'demo_links',
  'submitted_at',
  'review_note',
  'version',
  'release_notes',
  'published_at',
  'created_at',
  'updated_at',
] as const;

export async function insertProduct(db: Db, values: NewProduct) {
  return db.insertInto('products').values(values).returning(OWNER_COLUMNS).executeTakeFirstOrThrow();
}

export async function findOwnProduct(db: Db, creatorId: string, id: string) {
  return db.selectFrom('products').select(OWNER_COLUMNS).where('id', '=', id).where('creator_id', '=', creatorId).executeTakeFirst();
}

/** The creator of a product (moderation, docs/decisions/037). */
export async function findProductCreator(db: Db, id: string) {
  return db.selectFrom('products').select(['id', 'creator_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Whether the team removed the product from the marketplace (docs/decisions/037). */
export async function isRemovedProduct(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('removed_at').where('id', '=', id).executeTakeFirst();
  return Boolean(row?.removed_at);
}

export async function updateOwnProduct(db: Db, creatorId: string, id: string, values: ProductUpdate) {
  return db
    .updateTable('products')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returning(OWNER_COLUMNS)
    .executeTakeFirst();
}

/**
 * The status and AI tool of one of the creator's products, its row locked until the
 * transaction ends: whether a save publishes the product is decided under the lock
 * (docs/decisions/027), and the pages it showed on come from its tool before the save.
 */
export async function lockOwnProduct(db: Db, creatorId: string, id: string): Promise<{ status: string; ai_tool_type: string | null } | undefined> {
  return db.selectFrom('products').select(['status', 'ai_tool_type']).where('id', '=', id).where('creator_id', '=', creatorId).forUpdate().executeTakeFirst();
}

export async function deleteOwnProduct(db: Db, creatorId: string, id: string) {
  return db
    .deleteFrom('products')
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returning(['id', 'status', 'ai_tool_type', 'image_url', 'featured_image_url', 'additional_images', 'file_urls'])
    .executeTakeFirst();
}

/** Whether any order (even a pending checkout) refers to the product: then it is archived, never deleted. */
export async function hasOrders(db: Db, productId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('orders').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
}

/** Whether anyone downloaded the product: it stays in their library, so it is archived rather than deleted (issue 15). */
export async function hasDownloads(db: Db, productId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('downloads').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
}

/** Where a page of a creator's products starts: after this row (created_at as exact text, keeping its microseconds). */
export interface OwnListPosition {
  createdAt: string;
  id: string;
}

/**
 * A keyset page of a creator's products, newest first (created_at, then id): `limit` rows after
 * `after`. Each row carries its created_at as exact text for the next cursor (a JS Date would
 * drop the microseconds and make pages skip or repeat rows).
 */
export async function listOwnProducts(
  db: Db,
  creatorId: string,
  filters: { search?: string; status?: ProductStatus; category?: string },
  page: { after?: OwnListPosition | undefined; limit: number },
) {
  let query = db
    .selectFrom('products')
    .select(OWNER_COLUMNS)
    .select(sql<string>`created_at::text`.as('created_at_text'))
    .where('creator_id', '=', creatorId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.category) query = query.where('category_id', '=', filters.category);
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', like), eb('short_description', 'ilike', like), eb(sql`array_to_string(tags, ' ')`, 'ilike', like)]),
    );
  }
  if (page.after) query = query.where(sql<boolean>`(created_at, id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

export type OwnerProductRow = NonNullable<Awaited<ReturnType<typeof findOwnProduct>>>;

/** Who may publish (issue 10): the profile's user type and whether the account's email is verified. */
export async function findPublisherStanding(db: Db, userId: string) {
  return db
    .selectFrom('profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['p.user_type', 'u.email_verified'])
    .where('p.id', '=', userId)
    .executeTakeFirst();
}

/** The statuses of a listing: public, or submitted to be (docs/decisions/031). */
export const LISTED_STATUSES = ['in_review', 'rejected', 'published'] as const satisfies readonly ProductStatus[];

/** Above this pg_trgm similarity two titles of one creator are the same listing (issue 15). */
const NEAR_DUPLICATE_SIMILARITY = 0.8;

/**
 * The listings of the creator whose titles are near duplicates of `title`, most similar first.
 * `title % $1` is what products_creator_title_trgm_idx answers (docs/decisions/067): similarity
 * at least pg_trgm.similarity_threshold, which withNearDuplicateThreshold sets to the rule's 0.8,
 * so the index finds the candidates among the creator's titles without reading the others; the
 * rule itself (above 0.8) then filters them, so the answer is exactly the rule's. pg_trgm
 * folds case in both.
 */
function nearDuplicateTitles(db: Db, creatorId: string, title: string, exceptId?: string) {
  let query = db
    .selectFrom('products')
    .select(['id', 'title'])
    .where('creator_id', '=', creatorId)
    .where('status', 'in', LISTED_STATUSES)
    .where(sql<boolean>`title % ${title}`)
    .where(sql<boolean>`similarity(title, ${title}) > ${NEAR_DUPLICATE_SIMILARITY}`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.orderBy(sql`similarity(title, ${title})`, 'desc').limit(1);
}

/**
 * Runs `read` in a transaction whose pg_trgm.similarity_threshold is the rule's: `%` reads the
 * setting, and SET LOCAL (set_config(…, true)) keeps it to this transaction, so the search's
 * own `%` (search_words, at the default 0.3) on the same connection is untouched.
 */
async function withNearDuplicateThreshold<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.similarity_threshold', ${String(NEAR_DUPLICATE_SIMILARITY)}, true)`.execute(trx);
    return read(trx);
  });
}

/**
 * The creator's own listing (published, in review, or rejected there) whose title is most like
 * `title`, when its similarity is above NEAR_DUPLICATE_SIMILARITY (pg_trgm, case-insensitive),
 * other than `exceptId`. Drafts and archived products are not listings. A creator's titles are
 * compared, never the catalogue's (docs/decisions/031), through a trigram index on the creator
 * and the title (docs/decisions/067). `db` is not a transaction: the check opens its own.
 */
export async function findNearDuplicateTitle(db: Db, creatorId: string, title: string, exceptId?: string) {
  return withNearDuplicateThreshold(db, (trx) => nearDuplicateTitles(trx, creatorId, title, exceptId).executeTakeFirst());
}

/** The plan of findNearDuplicateTitle's query (EXPLAIN, with ANALYZE when asked), one line a row: which index it takes. */
export async function explainNearDuplicateTitle(db: Db, creatorId: string, title: string, options: { analyze?: boolean } = {}): Promise<string[]> {
  return withNearDuplicateThreshold(db, async (trx) => {
    const rows = await nearDuplicateTitles(trx, creatorId, title).explain('text', options.analyze ? sql`analyze, buffers` : undefined);
    return rows.map((row) => String(row['QUERY PLAN']));
  });
}

/**
 * What the review queue asks of a publisher (docs/decisions/031): when the account was made,
 * whether its email is verified, and how many of its products have been public (approved, or
 * published without review), archived ones included, counted up to `countUpTo`: the rule asks
 * only whether there are that many, and counting all of a creator's 11,000 read every one of
 * them inside the publish request (0.7-1.8 s on PostgreSQL at 100k, docs/decisions/067).
 */
export async function findReviewStanding(db: Db, userId: string, countUpTo: number) {
  const publicProducts = db
    .selectFrom('products')
    .select('id')
    .where('creator_id', '=', userId)
    .where('published_at', 'is not', null)
    .limit(countUpTo)
    .as('public');
  return db
    .selectFrom('users as u')
    .select([
      'u.created_at',
      'u.email_verified',
      (eb) =>
        eb
          .selectFrom(publicProducts)
          .select(sql<string>`count(*)`.as('n'))
          .as('public_products'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The creator's products by review status, for the dashboard's notice. */
export async function countOwnInReview(db: Db, creatorId: string) {
  const row = await db
    .selectFrom('products')
    .select([
      sql<string>`count(*) filter (where status = 'in_review')`.as('in_review'),
      sql<string>`count(*) filter (where status = 'rejected')`.as('rejected'),
    ])
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['in_review', 'rejected'])
    .executeTakeFirstOrThrow();
  return { inReview: Number(row.in_review), rejected: Number(row.rejected) };
}

/** Where a page of the review queue starts: after this product (submitted_at as exact text). */
export interface QueuePosition {
  submittedAt: string;
  id: string;
}

/**
 * A page of the review queue, oldest submission first (products_review_queue_idx), with what an
 * administrator weighs: the creator, their account's age and whether its email is verified.
 */
export async function listReviewQueue(db: Db, page: { after?: QueuePosition | undefined; limit: number }) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.creator_id')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select([
      'p.id',
      'p.title',
      'p.short_description',
      'p.description',
      'p.category_id',
      'p.price',
      'p.pricing_model',
      'p.pay_what_you_want',
      'p.image_url',
      'p.creator_id',
      'pr.full_name as creator_name',
      'u.email as creator_email',
      'u.email_verified as creator_email_verified',
      'u.created_at as creator_joined_at',
      'p.submitted_at',
      sql<string>`p.submitted_at::text`.as('submitted_at_text'),
    ])
    .where('p.status', '=', 'in_review');
  if (page.after) query = query.where(sql<boolean>`(p.submitted_at, p.id) > (${page.after.submittedAt}::timestamptz, ${page.after.id}::uuid)`);
  return query.orderBy('p.submitted_at', 'asc').orderBy('p.id', 'asc').limit(page.limit).execute();
}

/** A product and its creator's address, for a review decision. */
export async function findProductForReview(db: Db, id: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select(['p.id', 'p.creator_id', 'p.title', 'p.status', 'u.email', 'u.name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** Rejects a product still in review (one statement, so a withdrawn or approved product is left alone); whether it was. */
export async function markRejected(db: Db, id: string, reason: string): Promise<boolean> {
  const row = await db
    .updateTable('products')
    .set({ status: 'rejected', review_note: reason, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'in_review')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The id of every product, whatever its status: the server's index of ids that exist (scripts/lib/known-ids.ts). */
export async function selectAllProductIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('products').select('id').execute()).map((r) => r.id);
}
