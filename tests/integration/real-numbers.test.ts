/**
 * Issue 15, real numbers only (docs/decisions/028), against a real database:
 * - no page or API answer shows a rating without reviews behind it: the landing's cards and
 *   figures, the marketplace's first page, the product page (and its JSON-LD), a profile's
 *   portfolio, the search API and the owner's product API all carry 0 for an unrated product,
 *   which every display shows as 'No ratings yet';
 * - the landing's figures and the category counts are counted from the database: create data,
 *   see them change; the changes that alter them re-render the landing;
 * - the metrics are on the product page only when the creator set them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getLandingData, getMarketplaceFirstPage, getSiteFigures } from '@/functions/catalogue/catalogue-pages.service';
import { getProductPage } from '@/functions/catalogue/product-page.service';
import { getProfilePage } from '@/functions/profiles/profile-page.service';
import { createProduct as createOwnProduct, updateProduct } from '@/functions/products/products.service';
import { productJsonLd } from '@/src/components/catalogue/product-seo';
import { GET as searchRoute } from '@/src/pages/api/products/index';
import { GET as portfolioRoute } from '@/src/pages/api/profiles/[userId]/products';
import { GET as ownProductRoute, POST as createRoute } from '@/src/pages/api/me/products/index';
import { GET as getOneRoute } from '@/src/pages/api/me/products/[id]';
import { formatRating, NO_RATINGS } from '@/src/shared/format';
import { categoryCountLabel, trustFigures } from '@/src/shared/site-figures';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories, productInput } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';
import * as metricsMigration from '@/db/migrations/2026-11-27-0100-metrics-when-set';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
});

let t: TestDb;
let creator: TestSession;

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Fresh unrated prompt pack for landing pages',
  description: 'Twenty prompts that write landing page copy with ChatGPT. Paste one, fill in your product, and get a first draft in minutes.',
  content_delivery_type: 'text',
  content_text: 'Prompt one.',
  category_id: 'content',
  ai_tool_type: 'chatgpt',
  status: 'published',
  ...over,
});

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Unrated Creator');
});
afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('no page or API answer shows a rating without reviews behind it', () => {
  it('an unrated product is 0 everywhere, shown as "No ratings yet", with no AggregateRating', async () => {
    const created = await call(createRoute, '/api/me/products', { method: 'POST', session: creator, json: body() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: string }).id;
    const isOurs = (p: { id: string }) => p.id === id;

    // The owner's product API.
    const own = await call(getOneRoute, `/api/me/products/${id}`, { session: creator, params: { id } });
    expect(own.body).toMatchObject({ id, rating: 0 });
    const list = await call(ownProductRoute, '/api/me/products', { session: creator });
    expect((list.body as { items: { id: string; rating: number }[] }).items.find(isOurs)?.rating).toBe(0);

    // The search API (the marketplace island's source) and the marketplace's first page.
    const search = await call(searchRoute, '/api/products?search=landing');
    const hit = (search.body as { items: { id: string; rating: number }[] }).items.find(isOurs);
    expect(hit?.rating).toBe(0);
    const marketplace = await getMarketplaceFirstPage(t.db);
    expect(marketplace.items.find(isOurs)?.rating).toBe(0);

    // The landing's cards (featured, trending, the carousel) and its figures.
    const landing = await getLandingData(t.db, ['content']);
    const landingCards = [...landing.featured, ...landing.trending, ...(landing.picksByCategory['content'] ?? [])].filter(isOurs);
    expect(landingCards.length).toBeGreaterThan(0);
    for (const card of landingCards) expect(formatRating(card.rating)).toBe(NO_RATINGS);
    const figures = await getSiteFigures(t.db);
    expect(figures.rating).toBeNull();
    expect(trustFigures(figures).map((f) => f.key)).not.toContain('rating');

    // The product page and its structured data.
    const page = await getProductPage(t.db, id);
    expect(page?.product.rating).toBe(0);
    expect(formatRating(page!.product.rating)).toBe(NO_RATINGS);
    const ld = productJsonLd(page!.product, new URL('http://localhost:4321'));
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(ld)).not.toMatch(/4\.8|4\.5/);

    // The creator's profile: its portfolio, on the page and through the API.
    const profile = await getProfilePage(t.db, creator.userId, null);
    expect(profile?.portfolio.items.find(isOurs)?.rating).toBe(0);
    const portfolio = await call(portfolioRoute, `/api/profiles/${creator.userId}/products`, { params: { userId: creator.userId } });
    expect((portfolio.body as { items: { id: string; rating: number }[] }).items.find(isOurs)?.rating).toBe(0);
  });

  it('a rated product (the average of its reviews) shows its rating and has an AggregateRating', async () => {
    const seller = await createUser(t.db);
    const rated = await createProduct(t.db, seller.id, { title: 'A rated product with reviews', rating: '4.25', review_count: 4 });
    const page = await getProductPage(t.db, rated.id);
    expect(formatRating(page!.product.rating)).toBe('4.3');
    expect(productJsonLd(page!.product, new URL('http://localhost:4321'))).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 4 },
    });
  });
});

describe('the landing figures are counted from the database', () => {
  it('products, creators, tools, downloads, rating and category counts follow the data', async () => {
    const before = await getSiteFigures(t.db);
    const creators = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
    // Twelve published design products by five new creators, with downloads; one draft that counts for nothing.
    for (let i = 0; i < 12; i++) {
      await createProduct(t.db, creators[i % 5]!.id, { title: `Design pack ${i}`, category_id: 'design', ai_tool_type: 'midjourney', downloads_count: 10 });
    }
    await createProduct(t.db, creators[0]!.id, { title: 'A draft', status: 'draft', category_id: 'design', downloads_count: 1000, rating: '5' });
    const after = await getSiteFigures(t.db);
    expect(after.products).toBe(before.products + 12);
    expect(after.creators).toBe(before.creators + 5);
    expect(after.downloads).toBe(before.downloads + 120);
    // Midjourney had no published product before (the earlier ones are ChatGPT's or have no tool).
    expect(after.tools).toBe(before.tools + 1);
    expect(after.byCategory['design']).toBe((before.byCategory['design'] ?? 0) + 12);
    expect(categoryCountLabel(after.byCategory['design'])).toBe('10+ products');
    // The average of every review: 4 reviews averaging 4.25 (the test above) and now 2 averaging 3.
    await createProduct(t.db, creators[1]!.id, { title: 'Another rated product', rating: '3', review_count: 2 });
    const rated = await getSiteFigures(t.db);
    expect(rated.rating).toEqual({ average: expect.closeTo(23 / 6, 5), reviews: 6 });
    expect(trustFigures(rated).find((f) => f.key === 'rating')).toMatchObject({ value: '3.8', label: 'Average of 6 reviews' });
    expect(trustFigures(rated).find((f) => f.key === 'products')?.value).toMatch(/^\d+0\+$/);
  });

  it('a publish and a change of category re-render the landing (its figures)', async () => {
    await t.db.deleteFrom('rebuild_requests').execute();
    const p = await createOwnProduct(t.db, creator.userId, productInput(body({ title: 'A product that moves category' })));
    await updateProduct(t.db, creator.userId, p.id, productInput(body({ title: 'A product that moves category', category_id: 'business' })));
    const rows = await t.db.selectFrom('rebuild_requests').select('paths').orderBy('id').execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.paths).toContain('/');
  });
});

describe('metrics only when the creator set them', () => {
  it('the product page carries null for a metric never set, and the value once set', async () => {
    const { id } = await createOwnProduct(t.db, creator.userId, productInput(body({ title: 'Metrics left at their starting values' })));
    const unset = await getProductPage(t.db, id);
    expect(unset?.product).toMatchObject({ technicalLevel: null, integrationComplexity: null, successRate: null, avgSetupTime: null });
    await updateProduct(t.db, creator.userId, id, productInput(body({ title: 'Metrics left at their starting values', success_rate: 85, avg_setup_time: 0 })));
    const set = await getProductPage(t.db, id);
    expect(set?.product).toMatchObject({ technicalLevel: null, integrationComplexity: null, successRate: 85, avgSetupTime: 0 });
  });
});

describe('migration 2026-11-27-0100: existing metrics at the starting values become not set', () => {
  it('a value equal to the spec default is null, any other value is kept; down restores the defaults', async () => {
    const own = await createTestDb();
    try {
      const db = own.db as unknown as Parameters<typeof metricsMigration.up>[0];
      await metricsMigration.down(db);
      const seller = await createUser(own.db);
      const insert = (title: string, values: Record<string, unknown>) =>
        own.db
          .insertInto('products')
          .values({ creator_id: seller.id, title, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
      const untouched = await insert('Left at the defaults', {}); // the old column defaults: beginner, 1, 85, 5
      const chosen = await insert('Chosen by the creator', { technical_level: 'advanced', integration_complexity: 3, success_rate: 90, avg_setup_time: 30 });
      await metricsMigration.up(db);
      const read = (id: string) =>
        own.db
          .selectFrom('products')
          .select(['technical_level', 'integration_complexity', 'success_rate', 'avg_setup_time'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      expect(await read(untouched.id)).toEqual({ technical_level: null, integration_complexity: null, success_rate: null, avg_setup_time: null });
      expect(await read(chosen.id)).toEqual({ technical_level: 'advanced', integration_complexity: 3, success_rate: 90, avg_setup_time: 30 });
      // New rows have no default any more: not set.
      expect(await read((await insert('Created after', {})).id)).toEqual({
        technical_level: null,
        integration_complexity: null,
        success_rate: null,
        avg_setup_time: null,
      });
    } finally {
      await own.close();
    }
  });
});
