/**
 * The foundation: the schema's constraints hold and the demo data is what a new user
 * should see. Runs on PGlite by default and on PostgreSQL through the Neon driver when
 * DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '@/functions/_shared/blob-store';
import {
  getLandingData,
  getMarketplaceFirstPage,
  getSitemapPagesSource,
  getSitemapShard,
  getToolFigures,
  getToolPageData,
} from '@/functions/catalogue/catalogue-pages.service';
import { SITEMAP_SHARDS } from '@/src/shared/sitemap';
import { getProductPage } from '@/functions/catalogue/product-page.service';
import { seedDemo } from '@/db/seed/seed';
import { loadDemoData } from '@/db/seed/demo-data';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let blobDir: string;

beforeAll(async () => {
  t = await createTestDb();
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-blobs-'));
  await seedDemo(t.db, new LocalBlobStore(blobDir));
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

const count = async (query: string) => Number((await sql.raw<{ n: string | number }>(query).execute(t.db)).rows[0]?.n);

describe(`schema constraints (${process.env['DATABASE_URL'] ? 'postgres via neon driver' : 'pglite'})`, () => {
  const product = (overrides: Record<string, unknown>) => ({ creator_id: 'demo-maya-chen', title: 'Constraint probe', ...overrides });

  it.each([
    ['integration_complexity above 5', { integration_complexity: 6 }],
    ['integration_complexity below 1', { integration_complexity: 0 }],
    ['success_rate above 100', { success_rate: 101 }],
    ['a negative price', { price: -1 }],
    ['an unknown status', { status: 'deleted' }],
    ['an unknown delivery type', { content_delivery_type: 'fax' }],
  ])('refuses a product with %s', async (_label, overrides) => {
    await expect(
      t.db
        .insertInto('products')
        .values(product(overrides) as never)
        .execute(),
    ).rejects.toThrow();
  });

  it('applies the section 9 defaults to a new product, and leaves its metrics not set (issue 15)', async () => {
    const row = await t.db.insertInto('products').values(product({})).returningAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'draft',
      pricing_model: 'one_time',
      technical_level: null,
      deployment_type: 'ready_to_use',
      integration_complexity: null,
      success_rate: null,
      avg_setup_time: null,
      content_delivery_type: 'file',
    });
    expect(Number(row.price)).toBe(0);
    await t.db.deleteFrom('products').where('id', '=', row.id).execute();
  });

  it('keeps one follow per pair and refuses self-follows', async () => {
    const pair = { follower_id: 'demo-alex-morgan', following_id: 'demo-priya-nair' };
    const inserted = await t.db
      .insertInto('follows')
      .values(pair)
      .onConflict((oc) => oc.doNothing())
      .returning('follower_id')
      .execute();
    await expect(t.db.insertInto('follows').values(pair).execute()).rejects.toThrow();
    // Leave the demo data as it was, for the counter checks below.
    if (inserted.length) await t.db.deleteFrom('follows').where('follower_id', '=', pair.follower_id).where('following_id', '=', pair.following_id).execute();
    await expect(t.db.insertInto('follows').values({ follower_id: 'demo-alex-morgan', following_id: 'demo-alex-morgan' }).execute()).rejects.toThrow();
  });

  it('refuses a rating outside 1-5 and a second review of the same seller', async () => {
    await expect(
      t.db.insertInto('seller_reviews').values({ seller_id: 'demo-maya-chen', reviewer_id: 'demo-alex-morgan', rating: 6 }).execute(),
    ).rejects.toThrow();
  });
});

describe('demo data', () => {
  it('has the 6 categories and the 14 built-in tools', async () => {
    expect(await count('select count(*) as n from categories')).toBe(6);
    expect(await count('select count(*) as n from ai_tools')).toBe(14);
  });

  it('has at least 60 published products over every category and delivery type, plus drafts and archived ones', async () => {
    expect(await count("select count(*) as n from products where status = 'published'")).toBeGreaterThanOrEqual(60);
    expect(await count("select count(distinct category_id) as n from products where status = 'published'")).toBe(6);
    expect(await count("select count(distinct content_delivery_type) as n from products where status = 'published'")).toBe(4);
    expect(await count("select count(distinct content_type) as n from products where status = 'published'")).toBe(15);
    expect(await count("select count(*) as n from products where status = 'draft'")).toBeGreaterThan(0);
    expect(await count("select count(*) as n from products where status = 'archived'")).toBeGreaterThan(0);
    expect(await count("select count(*) as n from products where status = 'published' and price = 0")).toBeGreaterThan(0);
    expect(await count("select count(*) as n from products where status = 'published' and price > 0")).toBeGreaterThan(0);
  });

  it('has tool updates of every type, follows and reviews, with counters that match the rows', async () => {
    expect(await count('select count(distinct update_type) as n from ai_tool_updates')).toBe(5);
    expect(await count('select count(*) as n from follows')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from seller_reviews')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from profiles p where p.follower_count <> (select count(*) from follows f where f.following_id = p.id)')).toBe(0);
    expect(
      await count(
        'select count(*) as n from profiles p where p.review_count > 0 and abs(p.average_rating - (select avg(rating) from seller_reviews r where r.seller_id = p.id)) > 0.01',
      ),
    ).toBe(0);
  });

  it('has product reviews from people who got each product, and every product rating comes from them (docs/decisions/029)', async () => {
    const { productReviews } = loadDemoData();
    // Every review of product-reviews.json was written: each reviewer got the product in the demo activity.
    expect(await count('select count(*) as n from product_reviews')).toBe(productReviews.length);
    expect(
      await count(`
      select count(*) as n from product_reviews r join products p on p.id = r.product_id
      where p.creator_id = r.reviewer_id or not (
        exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'paid')
        or (exists (select 1 from downloads d where d.user_id = r.reviewer_id and d.product_id = r.product_id)
            and not exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'refunded'))
      )
    `),
    ).toBe(0);
    // No review before its reviewer got the product, no reply before its review.
    expect(
      await count(`
      select count(*) as n from product_reviews r
      where r.created_at < least(
        coalesce((select min(o.paid_at) from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'paid'), 'infinity'),
        coalesce((select min(d.created_at) from downloads d where d.user_id = r.reviewer_id and d.product_id = r.product_id), 'infinity'))
        or r.replied_at < r.created_at
    `),
    ).toBe(0);
    // A product's rating, count and score are its reviews', and 0 without any.
    expect(
      await count(`
      select count(*) as n from products p
      where p.review_count <> (select count(*) from product_reviews r where r.product_id = p.id)
        or p.rating <> coalesce((select round(avg(r.rating)::numeric, 2) from product_reviews r where r.product_id = p.id), 0)
        or (p.review_count = 0 and p.rating_score <> 0)
    `),
    ).toBe(0);
    expect(await count('select count(*) as n from products where review_count > 0')).toBeGreaterThanOrEqual(10);
  });

  it('has a living community whose figures come from its rows: threads, replies, votes, answered product questions (docs/decisions/036)', async () => {
    const { community } = loadDemoData();
    expect(await count('select count(*) as n from community_threads')).toBe(community.length);
    expect(await count('select count(*) as n from community_replies')).toBe(community.reduce((n, t) => n + t.replies.length, 0));
    expect(await count('select count(distinct space_id) as n from community_threads')).toBeGreaterThanOrEqual(5);
    // Counters equal the rows; no vote on one's own post; answers only on questions, among their replies.
    expect(
      await count(`
      select count(*) as n from community_threads t
      where t.vote_count <> (select count(*) from community_votes v where v.thread_id = t.id)
        or t.reply_count <> (select count(*) from community_replies r where r.thread_id = t.id)
        or (t.accepted_reply_id is not null and (t.kind <> 'question'
          or not exists (select 1 from community_replies r where r.id = t.accepted_reply_id and r.thread_id = t.id)))
    `),
    ).toBe(0);
    expect(
      await count('select count(*) as n from community_replies r where r.vote_count <> (select count(*) from community_votes v where v.reply_id = r.id)'),
    ).toBe(0);
    expect(
      await count(`
      select count(*) as n from community_votes v
        left join community_threads t on t.id = v.thread_id left join community_replies r on r.id = v.reply_id
      where v.user_id = coalesce(t.author_id, r.author_id)
    `),
    ).toBe(0);
    expect(
      await count(
        'select count(*) as n from community_spaces s where s.thread_count <> (select count(*) from community_threads t where t.space_id = s.id and t.deleted_at is null)',
      ),
    ).toBe(0);
    // Questions on products, some answered; the creators were told.
    expect(
      await count(`select count(*) as n from community_threads where product_id is not null and kind = 'question' and accepted_reply_id is not null`),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count(`
      select count(*) as n from community_threads t join products p on p.id = t.product_id
      where p.creator_id <> t.author_id and not exists (
        select 1 from user_notifications n where n.kind = 'community_product_question' and n.community_thread_id = t.id and n.user_id = p.creator_id)
    `),
    ).toBe(0);
    // One open report for the moderation queue, on a visible thread, by someone who is not its author (docs/decisions/037).
    expect(
      await count(`
      select count(*) as n from reports r join community_threads t on r.target_kind = 'thread' and t.id::text = r.target_id
      where r.status = 'open' and t.hidden_at is null and r.reporter_id <> t.author_id and r.target_user_id = t.author_id
    `),
    ).toBe(1);
  });

  it('has recent paid and free downloads and views, so creator pages show real figures', async () => {
    expect(await count("select count(*) as n from downloads where download_type = 'paid' and created_at > now() - interval '60 days'")).toBeGreaterThan(10);
    expect(await count("select count(*) as n from downloads where download_type = 'free'")).toBeGreaterThan(10);
    expect(await count("select count(*) as n from product_interactions where created_at > now() - interval '30 days'")).toBeGreaterThan(300);
    expect(await count('select count(*) as n from profiles where total_sales > 0 and total_earnings > 0')).toBeGreaterThan(0);
  });

  it('backs every paid download of a one-time or subscription product with a paid order (sales come from orders)', async () => {
    expect(await count("select count(*) as n from orders where status = 'paid'")).toBeGreaterThan(5);
    expect(
      await count(`
      select count(*) as n from downloads d join products p on p.id = d.product_id
      where d.download_type = 'paid' and p.price > 0 and p.pricing_model in ('one_time', 'subscription')
        and not exists (select 1 from orders o where o.buyer_id = d.user_id and o.product_id = d.product_id and o.status = 'paid')
    `),
    ).toBe(0);
    expect(
      await count(
        'select count(*) as n from orders o join products p on p.id = o.product_id where o.amount_cents <> round(p.price * 100) or o.fee_cents <> floor((o.amount_cents * 1500 + 5000) / 10000)',
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*) as n from profiles p where p.total_sales <> (select count(*) from orders o where o.creator_id = p.id and o.status = 'paid')",
      ),
    ).toBe(0);
  });

  it('stores a generated image for every product and real deliverable files', async () => {
    const products = await t.db.selectFrom('products').select(['image_url', 'file_urls', 'content_delivery_type']).execute();
    for (const p of products) {
      expect(p.image_url).toMatch(/^\/blobs\/products\//);
      const file = path.join(blobDir, 'public', p.image_url!.replace('/blobs/', ''));
      expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
      if (p.content_delivery_type === 'file') expect(p.file_urls.length).toBeGreaterThan(0);
    }
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await count(
      'select (select count(*) from products) + (select count(*) from users) + (select count(*) from seller_reviews) + (select count(*) from product_reviews) + (select count(*) from user_notifications) + (select count(*) from orders) + (select count(*) from subscriptions) as n',
    );
    await seedDemo(t.db, new LocalBlobStore(blobDir));
    const after = await count(
      'select (select count(*) from products) + (select count(*) from users) + (select count(*) from seller_reviews) + (select count(*) from product_reviews) + (select count(*) from user_notifications) + (select count(*) from orders) + (select count(*) from subscriptions) as n',
    );
    expect(after).toBe(before);
  });
});

describe('catalogue page data', () => {
  const published = () => count("select count(*) as n from products where status = 'published'");
  const publishedIds = async () => new Set((await t.db.selectFrom('products').select('id').where('status', '=', 'published').execute()).map((r) => r.id));

  it('the marketplace: the newest published products and the true catalogue size, without deliverables', async () => {
    const page = await getMarketplaceFirstPage(t.db);
    expect(page.total).toBe(await published());
    const newest = await t.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(24)
      .execute();
    expect(page.items.map((p) => p.id)).toEqual(newest.map((r) => r.id));
    expect(page.hasMore).toBe(page.total > 24);
    const json = JSON.stringify(page);
    expect(json).not.toContain('content_text');
    expect(json).not.toContain('private:');
  });

  it('the landing page: top rated overall and per category, most downloaded, published only', async () => {
    const ids = await publishedIds();
    const data = await getLandingData(t.db, ['business', 'tech']);
    expect(data.featured).toHaveLength(3);
    const ratings = data.featured.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const best = await count("select max(rating) as n from products where status = 'published'");
    expect(ratings[0]).toBe(best);
    expect(data.trending.map((p) => p.downloadsCount)).toEqual([...data.trending.map((p) => p.downloadsCount)].sort((a, b) => b - a));
    expect(data.picksByCategory['business']!.every((p) => p.categoryId === 'business')).toBe(true);
    for (const p of [...data.featured, ...data.trending, ...Object.values(data.picksByCategory).flat()]) expect(ids.has(p.id)).toBe(true);
  });

  it('tool figures count published products and followers per tool; a tool page lists its best products', async () => {
    const figures = await getToolFigures(t.db);
    expect(Object.keys(figures)).toHaveLength(14);
    expect(figures['chatgpt']?.productCount).toBe(await count("select count(*) as n from products where status = 'published' and ai_tool_type = 'chatgpt'"));
    const page = await getToolPageData(t.db, 'chatgpt', 6);
    expect(page.products.length).toBe(Math.min(6, figures['chatgpt']!.productCount));
    expect(page.products.every((p) => p.aiToolType === 'chatgpt')).toBe(true);
    expect(page.figures).toEqual(figures['chatgpt']);
    // A tool's own page counts its own products only (docs/decisions/069): the same figures.
    for (const id of Object.keys(figures)) expect(await getToolFigures(t.db, id)).toEqual({ [id]: figures[id] });
    expect(await getToolFigures(t.db, 'no-such-tool')).toEqual({});
  });

  it('the sitemap shards list every published product once, each in the shard of its first hex digit', async () => {
    const listed: string[] = [];
    for (const shard of SITEMAP_SHARDS) {
      const rows = await getSitemapShard(t.db, shard);
      for (const row of rows) expect(row.id.startsWith(shard)).toBe(true);
      listed.push(...rows.map((r) => r.id));
    }
    expect(listed).toHaveLength(new Set(listed).size);
    expect(new Set(listed)).toEqual(await publishedIds());
    const { creatorIds, tools } = await getSitemapPagesSource(t.db);
    const creators = await t.db.selectFrom('products').select('creator_id').distinct().where('status', '=', 'published').orderBy('creator_id').execute();
    // Each creator once, in id order (a skip scan of the index, docs/decisions/069).
    expect(creatorIds).toEqual(creators.map((c) => c.creator_id));
    // The tools' dates are those of their figures (their latest update), without the figures.
    const figures = await getToolFigures(t.db);
    const dated = Object.entries(figures).filter(([, f]) => f.latestUpdateAt !== null);
    expect(dated.length).toBeGreaterThan(0);
    expect(tools).toEqual(Object.fromEntries(dated.map(([id, f]) => [id, { latestUpdateAt: f.latestUpdateAt }])));
  });

  it("a product page's similar products are published, not itself, and share its tool, category or type", async () => {
    const ids = await publishedIds();
    const [id] = [...ids];
    const page = await getProductPage(t.db, id!);
    expect(page?.product.id).toBe(id);
    expect(page!.similar.length).toBeGreaterThan(0);
    for (const s of page!.similar) {
      expect(ids.has(s.id)).toBe(true);
      expect(s.id).not.toBe(id);
      expect(s.aiToolType === page!.product.aiToolType || s.categoryId === page!.product.categoryId || s.contentType === page!.product.contentType).toBe(true);
    }
    const draft = await t.db.selectFrom('products').select('id').where('status', '<>', 'published').executeTakeFirst();
    expect(draft).toBeDefined();
    expect(await getProductPage(t.db, draft!.id)).toBeNull();
    expect(await getProductPage(t.db, 'not-a-uuid')).toBeNull();
  });
});
