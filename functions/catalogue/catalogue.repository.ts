/**
 * Queries behind the public catalogue: published products joined to their creator,
 * categories, and per-tool figures. Every query here filters status = 'published'.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function selectPublishedProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('profiles as c', 'c.id', 'p.creator_id')
    .where('p.status', '=', 'published')
    .select([
      'p.id', 'p.title', 'p.description', 'p.short_description', 'p.price', 'p.pricing_model', 'p.rating',
      'p.downloads_count', 'p.views_count', 'p.image_url', 'p.featured_image_url', 'p.additional_images',
      'p.video_demo_url', 'p.demo_url', 'p.demo_links', 'p.category_id', 'p.ai_tool_type', 'p.content_type',
      'p.technical_level', 'p.deployment_type', 'p.content_delivery_type', 'p.tags', 'p.compatibility_tags',
      'p.use_cases', 'p.required_skills', 'p.output_types', 'p.integration_complexity', 'p.success_rate',
      'p.avg_setup_time', 'p.download_instructions', 'p.status', 'p.created_at', 'p.updated_at',
      'c.id as creator_id', 'c.full_name as creator_full_name', 'c.avatar_url as creator_avatar_url',
      'c.verified as creator_verified', 'c.average_rating as creator_average_rating',
      'c.follower_count as creator_follower_count', 'c.specialties as creator_specialties',
      'c.user_type as creator_user_type',
    ]);
}

export type PublishedProductRow = Awaited<ReturnType<ReturnType<typeof selectPublishedProducts>['execute']>>[number];

/** The columns a product card shows (catalogue.mapper.ts toProductCard): lists read only these. */
export function selectPublishedCards(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('profiles as c', 'c.id', 'p.creator_id')
    .where('p.status', '=', 'published')
    .select([
      'p.id', 'p.title', 'p.short_description', 'p.price', 'p.pricing_model', 'p.rating', 'p.downloads_count', 'p.views_count',
      'p.image_url', 'p.category_id', 'p.ai_tool_type', 'p.content_type', 'p.technical_level', 'p.deployment_type',
      'p.content_delivery_type', 'p.tags', 'p.created_at',
      'c.id as creator_id', 'c.full_name as creator_full_name', 'c.avatar_url as creator_avatar_url',
      'c.verified as creator_verified', 'c.average_rating as creator_average_rating',
      'c.follower_count as creator_follower_count', 'c.specialties as creator_specialties',
      'c.user_type as creator_user_type',
    ]);
}

export type PublishedCardRow = Awaited<ReturnType<ReturnType<typeof selectPublishedCards>['execute']>>[number];

/** The newest published products (the search API's default order), `limit` of them. */
export async function listNewestPublished(db: Db, limit: number): Promise<PublishedCardRow[]> {
  return selectPublishedCards(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
}

/**
 * The best-ranked published products (highest rating, then most downloads, then newest),
 * overall or within one category, AI tool or content type. Each filter has its own partial
 * index in that order (migration 2026-11-25-0200), so a page costs `limit` rows, not the catalogue.
 */
export async function listTopRatedPublished(
  db: Db,
  options: { limit: number; categoryId?: string | null; aiToolType?: string | null; contentType?: string | null; excludeId?: string },
): Promise<PublishedCardRow[]> {
  let query = selectPublishedCards(db);
  if (options.categoryId !== undefined) query = query.where('p.category_id', '=', options.categoryId);
  if (options.aiToolType !== undefined) query = query.where('p.ai_tool_type', '=', options.aiToolType);
  if (options.contentType !== undefined) query = query.where('p.content_type', '=', options.contentType);
  if (options.excludeId) query = query.where('p.id', '<>', options.excludeId);
  return query.orderBy('p.rating', 'desc').orderBy('p.downloads_count', 'desc').orderBy('p.created_at', 'desc').limit(options.limit).execute();
}

/** The most downloaded published products, then the most viewed. */
export async function listMostDownloadedPublished(db: Db, limit: number): Promise<PublishedCardRow[]> {
  return selectPublishedCards(db).orderBy('p.downloads_count', 'desc').orderBy('p.views_count', 'desc').limit(limit).execute();
}

export async function countPublished(db: Db): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'published').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the sitemap lists of each published product: one narrow row each, in id order. */
export async function listPublishedForSitemap(db: Db) {
  return db
    .selectFrom('products')
    .select(['id', 'creator_id', 'created_at', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A published product's AI tool and creator: what decides which pages show it. */
export async function findProductPlacement(db: Db, id: string) {
  return db.selectFrom('products').select(['id', 'status', 'ai_tool_type', 'creator_id']).where('id', '=', id).executeTakeFirst();
}

export async function listCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'name', 'description']).orderBy('name').execute();
}

export interface ToolFigureRow {
  id: string;
  name: string;
  maintainer_name: string | null;
  claimed_by: string | null;
  product_count: number;
  follower_count: number;
  latest_update_at: Date | null;
}

export async function listToolFigures(db: Db): Promise<ToolFigureRow[]> {
  const result = await sql<ToolFigureRow>`
    select t.id, t.name, t.maintainer_name, t.claimed_by,
      (select count(*)::int from products p where p.status = 'published' and p.ai_tool_type = t.id) as product_count,
      (select count(*)::int from ai_tool_follows f where f.tool_id = t.id) as follower_count,
      (select max(u.created_at) from ai_tool_updates u where u.tool_id = t.id) as latest_update_at
    from ai_tools t
    order by t.id
  `.execute(db);
  return result.rows;
}
