/**
 * Queries behind the public catalogue: published products joined to their creator,
 * categories, and per-tool figures.
 *
 * The 'published' rule lives here once (docs/decisions/018): publishedProducts(db) is the
 * base of every public read of products, here and in the other domains (favorites, profiles'
 * portfolios, reviews, views, search), so no query spells `status = 'published'` itself. The
 * status is a literal in the SQL, matching the partial indexes' `where status = 'published'`.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { CATEGORY_IDS } from '@/src/shared/domain';

/** Published products, `p`: start every public read of products here. */
export function publishedProducts(db: Db) {
  return db.selectFrom('products as p').where('p.status', '=', sql.lit('published'));
}

/**
 * The same base as a table named `p`, for a subquery that refers to its outer query:
 * `eb.selectFrom(publishedProductsTable(db)).whereRef('p.creator_id', '=', 'c.id')`.
 * PostgreSQL flattens it, so the plan is the plain table's.
 */
export function publishedProductsTable(db: Db) {
  return publishedProducts(db).selectAll('p').as('p');
}

/** Whether `id` is a published product (a favorite, a counted view). */
export async function isPublishedProduct(db: Db, id: string): Promise<boolean> {
  return Boolean(await publishedProducts(db).select('p.id').where('p.id', '=', id).executeTakeFirst());
}

/** A product page's columns: the card's (selectPublishedCards) and the details only the page shows. */
export function selectPublishedProducts(db: Db) {
  return selectPublishedCards(db).select([
    'p.description',
    'p.featured_image_url',
    'p.additional_images',
    'p.video_demo_url',
    'p.demo_url',
    'p.demo_links',
    'p.compatibility_tags',
    'p.use_cases',
    'p.required_skills',
    'p.output_types',
    'p.integration_complexity',
    'p.success_rate',
    'p.avg_setup_time',
    'p.download_instructions',
    'p.refund_policy',
    'p.suggested_price',
    'p.status',
    'p.updated_at',
  ]);
}

export type PublishedProductRow = Awaited<ReturnType<ReturnType<typeof selectPublishedProducts>['execute']>>[number];

/** The columns a product card shows (catalogue.mapper.ts toProductCard): lists read only these. */
export function selectPublishedCards(db: Db) {
  return (
    publishedProducts(db)
      .innerJoin('profiles as c', 'c.id', 'p.creator_id')
      // The tool's name and page from its row (a tool approved after launch included): by primary
      // key, one join for the list; only a tool of the directory (approved) is named and linked.
      .leftJoin('ai_tools as tool', (join) => join.onRef('tool.id', '=', 'p.ai_tool_type').on('tool.status', '=', sql.lit('approved')))
      .select([
        'p.id',
        'p.title',
        'p.short_description',
        'p.price',
        'p.pricing_model',
        'p.pay_what_you_want',
        'p.rating',
        'p.downloads_count',
        'p.views_count',
        'p.review_count',
        'p.image_url',
        'p.category_id',
        'p.ai_tool_type',
        'tool.name as ai_tool_name',
        'tool.detail_page as ai_tool_detail_page',
        'p.content_type',
        'p.technical_level',
        'p.deployment_type',
        'p.content_delivery_type',
        'p.tags',
        'p.created_at',
        'c.id as creator_id',
        'c.full_name as creator_full_name',
        'c.avatar_url as creator_avatar_url',
        'c.verified as creator_verified',
        'c.average_rating as creator_average_rating',
        'c.follower_count as creator_follower_count',
        'c.specialties as creator_specialties',
        'c.user_type as creator_user_type',
        // A bundle's item count (0: not a bundle; docs/decisions/080), by the items' primary key.
        sql<number>`(select count(*)::int from bundle_items bi where bi.bundle_id = p.id)`.as('bundle_item_count'),
      ])
  );
}

export type PublishedCardRow = Awaited<ReturnType<ReturnType<typeof selectPublishedCards>['execute']>>[number];

/** A product page's product, or undefined when there is no published product with this id. */
export async function findPublishedProduct(db: Db, id: string): Promise<PublishedProductRow | undefined> {
  return selectPublishedProducts(db).where('p.id', '=', id).executeTakeFirst();
}

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
  const row = await publishedProducts(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One sitemap shard: the published products whose id starts with the hex digit `shard`, as a
 * range of the primary key (a uuid's text order is its byte order).
 */
export async function listPublishedForSitemap(db: Db, shard: string) {
  const low = `${shard}0000000-0000-0000-0000-000000000000`;
  const query = publishedProducts(db).select(['p.id', 'p.created_at', 'p.updated_at']).where('p.id', '>=', low);
  const next = (parseInt(shard, 16) + 1).toString(16);
  return (shard === 'f' ? query : query.where('p.id', '<', `${next}0000000-0000-0000-0000-000000000000`)).orderBy('p.id').execute();
}

/**
 * The creators with at least one published product (their profiles are in the sitemap), in id
 * order. A skip scan of products_published_creator_downloads_idx: each step finds the next
 * creator after the last one, so the cost is a probe per creator, where `select distinct` read
 * every published product (58 ms of PGlite's one thread at 100k, on every product change:
 * docs/decisions/069).
 */
export async function listPublishingCreators(db: Db): Promise<string[]> {
  const rows = await db
    .withRecursive('creators(id)', (rdb) =>
      rdb
        .selectFrom(publishedProducts(db).select('p.creator_id').orderBy('p.creator_id').limit(1).as('first'))
        .select('first.creator_id as id')
        .unionAll(
          rdb
            .selectFrom('creators as c')
            .select((eb) =>
              eb
                .selectFrom(publishedProductsTable(db))
                .select('p.creator_id')
                .whereRef('p.creator_id', '>', 'c.id')
                .orderBy('p.creator_id')
                .limit(1)
                .$asScalar()
                .as('id'),
            )
            .where('c.id', 'is not', null),
        ),
    )
    .selectFrom('creators')
    .select('creators.id')
    .where('creators.id', 'is not', null)
    .execute();
  return rows.map((r) => r.id!);
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

/**
 * The figures of every tool of the directory, or of one (`toolId`): its own page needs its own
 * count, not the whole catalogue's counted tool by tool (at 100k about 100 ms of PGlite's one
 * thread, three times per product change before, docs/decisions/069).
 */
export async function listToolFigures(db: Db, toolId?: string): Promise<ToolFigureRow[]> {
  let query = db.selectFrom('ai_tools as t');
  if (toolId !== undefined) query = query.where('t.id', '=', toolId);
  return query
    .select((eb) => [
      't.id',
      't.name',
      't.maintainer_name',
      't.claimed_by',
      eb
        .selectFrom(publishedProductsTable(db))
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('p.ai_tool_type', '=', 't.id')
        .$asScalar()
        .$notNull()
        .as('product_count'),
      eb
        .selectFrom('ai_tool_follows as f')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('f.tool_id', '=', 't.id')
        .$asScalar()
        .$notNull()
        .as('follower_count'),
      eb
        .selectFrom('ai_tool_updates as u')
        .select((u) => u.fn.max('u.created_at').as('m'))
        .whereRef('u.tool_id', '=', 't.id')
        .$asScalar()
        .as('latest_update_at'),
    ])
    .orderBy('t.id')
    .execute();
}

/** The date of each tool's latest update, by tool id (tools without one are absent): the sitemap's dates. */
export async function listToolLatestUpdates(db: Db): Promise<{ tool_id: string; latest_update_at: Date }[]> {
  return db
    .selectFrom('ai_tool_updates as u')
    .select((eb) => ['u.tool_id', eb.fn.max('u.created_at').as('latest_update_at')])
    .groupBy('u.tool_id')
    .orderBy('u.tool_id')
    .execute();
}

/**
 * The catalogue's totals for the landing page's figures (issue 15), in one pass over the
 * published rows: how many, how many reviews they have and the average of those reviews (each
 * product's average weighted by its review count), all downloads, how many creators and AI tools have one, and
 * how many each category holds. A scan: at 100k published products 0.52 s on PGlite
 * (docs/decisions/028), which is why the service reuses the result for a while at that size.
 */
export async function readCatalogueTotals(db: Db) {
  const row = await publishedProducts(db)
    .select([
      sql<number>`count(*)::int`.as('products'),
      // Every review once: each product's average weighted by its review count.
      sql<string>`coalesce(sum(p.review_count), 0)::bigint`.as('reviews'),
      sql<string | null>`sum(p.rating * p.review_count) filter (where p.review_count > 0) / nullif(sum(p.review_count), 0)`.as('average_rating'),
      sql<string>`coalesce(sum(p.downloads_count), 0)::bigint`.as('downloads'),
      sql<number>`count(distinct p.creator_id)::int`.as('creators'),
      sql<number>`count(distinct p.ai_tool_type)::int`.as('tools'),
      ...CATEGORY_IDS.map((id) => sql<number>`(count(*) filter (where p.category_id = ${id}))::int`.as(`category_${id}`)),
    ])
    .executeTakeFirstOrThrow();
  const columns = row as unknown as Record<string, number | string | null>;
  return {
    products: Number(row.products),
    reviews: Number(row.reviews),
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
    downloads: Number(row.downloads),
    creators: Number(row.creators),
    tools: Number(row.tools),
    byCategory: Object.fromEntries(CATEGORY_IDS.map((id) => [id, Number(columns[`category_${id}`] ?? 0)])) as Record<string, number>,
  };
}
