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
  'access_requirements',
  'demo_links',
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
 * The status of one of the creator's products, its row locked until the transaction ends:
 * whether a save publishes the product is decided under the lock (docs/decisions/027).
 */
export async function lockOwnProductStatus(db: Db, creatorId: string, id: string): Promise<string | null> {
  const row = await db.selectFrom('products').select('status').where('id', '=', id).where('creator_id', '=', creatorId).forUpdate().executeTakeFirst();
  return row?.status ?? null;
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
