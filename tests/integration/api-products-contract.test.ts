/**
 * Issue 14's contract on the products API, through the real routes (src/middleware.ts, a real
 * session, a real database; every JSON answer checked against its schema, API_CHECK_RESPONSES):
 * - the JSON GET /api/me/products/{id} answers is accepted unchanged by PUT, and changes nothing;
 * - PATCH of each product field alone changes that field and nothing else (its derived values
 *   aside: the quality score, the publication time, the update time);
 * - unknown fields and unknown enum values are a 400 naming them, and nothing changes;
 * - GET /api/me/products pages past 500 products with no gap and no duplicate, with a limit that
 *   is checked, never silently capped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { GET as listMine, POST as createMine } from '@/src/pages/api/me/products/index';
import { GET as getOne, PATCH as patchOne, PUT as putOne } from '@/src/pages/api/me/products/[id]';
import { PRODUCT_WRITE_FIELDS } from '@/src/shared/api/schemas/products';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

// Dozens of products from one account: the write limits (rate-limits.test.ts) are scaled out of the way.
vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
});

let t: TestDb;
let owner: TestSession;

/** A product with every field set (and none at its default), as a script would create it. */
const full = () => ({
  title: 'Cold email sequences for SaaS founders',
  description:
    'Twelve proven cold email sequences with subject lines, follow-ups and a reply-tracking sheet, written for SaaS founders selling to small teams.',
  short_description: 'Cold email sequences that get replies',
  status: 'draft',
  price: 19,
  category_id: 'business',
  tags: ['email', 'sales'],
  demo_url: 'https://example.com/demo',
  download_url: 'https://example.com/download',
  image_url: 'https://example.com/cover.png',
  featured_image_url: 'https://example.com/featured.png',
  additional_images: ['https://example.com/one.png'],
  video_demo_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ai_tool_type: 'chatgpt',
  content_type: 'content-creation',
  pricing_model: 'one_time',
  technical_level: 'intermediate',
  deployment_type: 'minimal_setup',
  compatibility_tags: ['Gmail'],
  use_cases: ['Outbound sales'],
  required_skills: ['Writing'],
  output_types: ['Text'],
  integration_complexity: 2,
  success_rate: 90,
  avg_setup_time: 10,
  content_delivery_type: 'multiple',
  content_text: 'Sequence 1: the problem-first opener.',
  file_urls: ['https://example.com/sequences.zip'],
  download_instructions: 'Copy the sequences into your email tool.',
  demo_links: [{ id: 'demo-1', type: 'live_demo', url: 'https://example.com/live', title: 'Live demo', description: 'Try it' }],
  access_requirements: { accounts: 'A Gmail account' },
});

/** For every writable field, another valid value than full()'s, and what the product then shows. */
const ALTERNATIVES: Record<string, { send: unknown; shows?: unknown }> = {
  title: { send: 'Warm outreach templates for agencies' },
  description: { send: 'Thirty outreach templates that help agencies book calls. Use them with any email tool and save hours every week.' },
  short_description: { send: 'Outreach that books calls' },
  status: { send: 'published' },
  price: { send: 29.5 },
  category_id: { send: 'tech' },
  tags: { send: ['outreach', 'agency', 'Outreach', ' '], shows: ['outreach', 'agency'] },
  demo_url: { send: 'https://example.org/demo' },
  download_url: { send: 'https://example.org/download' },
  image_url: { send: 'https://example.org/cover.png' },
  featured_image_url: { send: 'https://example.org/featured.png' },
  additional_images: { send: ['https://example.org/one.png', 'https://example.org/two.png'] },
  video_demo_url: { send: 'https://vimeo.com/123456' },
  ai_tool_type: { send: 'claude' },
  content_type: { send: 'ai-agents' },
  pricing_model: { send: 'subscription' },
  technical_level: { send: 'advanced' },
  deployment_type: { send: 'technical_setup' },
  compatibility_tags: { send: ['Outlook', 'HubSpot'] },
  use_cases: { send: ['Agency prospecting'] },
  required_skills: { send: ['Copywriting', 'CRM basics'] },
  output_types: { send: ['Email templates'] },
  integration_complexity: { send: 4 },
  success_rate: { send: 75 },
  avg_setup_time: { send: 45 },
  content_delivery_type: { send: 'text' },
  content_text: { send: 'Template 1: the referral opener.' },
  file_urls: { send: ['https://example.org/templates.zip'] },
  download_instructions: { send: 'Paste the templates into your CRM.' },
  issues_license_keys: { send: true },
  refund_policy: { send: 'days_14' },
  // Pay what you want (docs/decisions/077): full() is a one-time product at $19, so either alone is a valid change.
  pay_what_you_want: { send: true },
  suggested_price: { send: 25 },
  demo_links: {
    send: [{ id: 'demo-2', type: 'tutorial', url: 'https://example.org/tutorial', title: 'Tutorial' }],
  },
  access_requirements: { send: { hardware: 'Any laptop', other: 'A CRM' } },
  version: { send: 'v2.1', shows: '2.1' },
  release_notes: { send: 'Adds a CSV export.' },
};

/** Fields that follow from others: a change of a field may change these too, nothing else. */
const DERIVED = ['qualityScore', 'updated_at', 'published_at'];

type Product = Record<string, unknown> & { id: string };

async function create(body: unknown = full()): Promise<Product> {
  const res = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Product;
}
const get = async (id: string) => (await call(getOne, `/api/me/products/${id}`, { session: owner, params: { id } })).body as Product;
const put = (id: string, json: unknown) => call(putOne, `/api/me/products/${id}`, { method: 'PUT', session: owner, params: { id }, json });
const patch = (id: string, json: unknown) => call(patchOne, `/api/me/products/${id}`, { method: 'PATCH', session: owner, params: { id }, json });
const row = (id: string) => t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every key whose value differs between two answers. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  owner = await signUp('creator', 'Contract Creator');
});

// Each test starts with no products: full() is one listing, and a second listing of the owner
// with nearly the same title is refused (docs/decisions/031).
beforeEach(async () => {
  if (owner) await t.db.deleteFrom('products').where('creator_id', '=', owner.userId).execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('GET -> PUT round trip', () => {
  it.each([
    ['a draft with every field set', () => full()],
    [
      'a published product with only the required fields',
      () => ({ title: full().title, description: full().description, content_delivery_type: 'text', status: 'published' }),
    ],
  ])('%s: PUT accepts the GET JSON unchanged and nothing changes', async (_label, body) => {
    const { id } = await create(body());
    const before = await get(id);
    const storedBefore = await row(id);
    const res = await put(id, before);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(changedKeys(before, res.body)).toEqual(['updated_at']);
    const { updated_at: _a, ...storedAfter } = await row(id);
    const { updated_at: _b, ...storedThen } = storedBefore;
    expect(storedAfter).toEqual(storedThen);
  });

  it('PUT replaces: a field left out takes its default, null is absent', async () => {
    const { id } = await create({ ...full(), pricing_model: 'subscription' });
    const { pricing_model: _p, demo_links: _d, ...rest } = await get(id);
    const res = await put(id, { ...rest, tags: null, short_description: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ tags: [], short_description: null, pricing_model: 'one_time', demo_links: [], title: full().title });
    const required = await put(id, { ...(await get(id)), title: null });
    expect(required.status).toBe(400);
    expect(required.body.error.fields).toEqual({ title: 'Title is required' });
  });
});

describe('PATCH', () => {
  it('covers every writable field of the product', () => {
    expect(Object.keys(ALTERNATIVES).sort()).toEqual([...PRODUCT_WRITE_FIELDS].sort());
  });

  it.each(Object.entries(ALTERNATIVES))('%s alone changes that field only', async (field, { send, shows }) => {
    const { id } = await create();
    const before = await get(id);
    expect(before[field], `full() must not already hold the alternative ${field}`).not.toEqual(shows ?? send);
    const res = await patch(id, { [field]: send });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[field]).toEqual(shows ?? send);
    expect(changedKeys(before, res.body).filter((k) => !DERIVED.includes(k))).toEqual([field]);
    expect(await get(id)).toEqual(res.body);
  });

  it("the issue's case: a title alone changes the title, and a published product stays published", async () => {
    const { id } = await create({ ...full(), status: 'published' });
    const res = await patch(id, { title: 'New title for the email pack' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'New title for the email pack', status: 'published' });
    expect((await row(id)).status).toBe('published');
  });

  it('null (or an empty text) clears an optional field; a field that is never empty cannot be nulled', async () => {
    const { id } = await create();
    expect((await patch(id, { short_description: null })).body.short_description).toBeNull();
    expect((await patch(id, { demo_url: '' })).body.demo_url).toBeNull();
    expect((await patch(id, { tags: [] })).body.tags).toEqual([]);
    const storedBefore = await row(id);
    for (const [field, message] of [
      ['description', 'Description is required'],
      ['status', expect.any(String)],
      ['tags', expect.any(String)],
      ['pricing_model', expect.any(String)],
    ] as const) {
      const refused = await patch(id, { [field]: null });
      expect(refused.status, field).toBe(400);
      expect(refused.body.error.fields).toEqual({ [field]: message });
    }
    expect(await row(id)).toEqual(storedBefore);
  });

  it('a metric is not set until sent: absent or null is null (not shown), on POST, PUT and PATCH (issue 15)', async () => {
    const METRICS = ['technical_level', 'integration_complexity', 'success_rate', 'avg_setup_time'] as const;
    const { technical_level: _t, integration_complexity: _i, success_rate: _s, avg_setup_time: _a, ...withoutMetrics } = full();
    const created = await create(withoutMetrics);
    for (const m of METRICS) expect(created[m], m).toBeNull();
    expect(await row(created.id)).toMatchObject({ technical_level: null, integration_complexity: null, success_rate: null, avg_setup_time: null });
    // The GET JSON, nulls and all, goes back unchanged through PUT.
    const same = await put(created.id, await get(created.id));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    for (const m of METRICS) expect(same.body[m], m).toBeNull();
    // Set, then emptied again by PATCH null.
    expect((await patch(created.id, { success_rate: 85, technical_level: 'beginner' })).body).toMatchObject({ success_rate: 85, technical_level: 'beginner' });
    expect((await patch(created.id, { success_rate: null })).body).toMatchObject({ success_rate: null, technical_level: 'beginner' });
    // PUT replaces: a metric left out is not set.
    const { technical_level: _level, ...rest } = await get(created.id);
    expect((await put(created.id, rest)).body).toMatchObject({ technical_level: null });
  });

  it('an empty PATCH changes nothing', async () => {
    const { id } = await create();
    const before = await get(id);
    const res = await patch(id, {});
    expect(res.status).toBe(200);
    expect(changedKeys(before, res.body).filter((k) => k !== 'updated_at')).toEqual([]);
  });

  it('the free pricing model still means price 0, whichever field the PATCH sent', async () => {
    const { id } = await create();
    expect((await patch(id, { pricing_model: 'free' })).body).toMatchObject({ pricing_model: 'free', price: 0 });
    expect((await patch(id, { price: 12 })).body).toMatchObject({ pricing_model: 'free', price: 0 });
  });

  it('read-only fields are accepted and ignored', async () => {
    const { id } = await create();
    const before = await get(id);
    const res = await patch(id, { id: randomUUID(), creator_id: 'someone-else', downloads_count: 999, rating: 5, qualityScore: { overall: 100 } });
    expect(res.status).toBe(200);
    expect(changedKeys(before, res.body)).toEqual(['updated_at']);
  });
});

describe('refusals: nothing changes', () => {
  const ENUMS = ['status', 'category_id', 'pricing_model', 'technical_level', 'deployment_type', 'content_delivery_type', 'ai_tool_type', 'content_type'];

  it.each(['POST', 'PUT', 'PATCH'] as const)('%s: an unknown field is a 400 naming it', async (method) => {
    const { id } = await create();
    const storedBefore = await row(id);
    const body = { ...full(), colour: 'blue', titel: 'Misspelt title field' };
    const res =
      method === 'POST'
        ? await call(createMine, '/api/me/products', { method, session: owner, json: body })
        : method === 'PUT'
          ? await put(id, body)
          : await patch(id, { titel: 'x', colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body.error.fields)).toMatch(/colour/);
    expect(JSON.stringify(res.body.error.fields)).toMatch(/titel/);
    expect(await row(id)).toEqual(storedBefore);
  });

  it.each(ENUMS)('%s: an unknown value is a 400 on POST, PUT and PATCH, never a default', async (field) => {
    const { id } = await create({ ...full(), status: 'published' });
    const storedBefore = await row(id);
    const before = await get(id);
    const created = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: { ...full(), [field]: 'not-a-value' } });
    const replaced = await put(id, { ...before, [field]: 'not-a-value' });
    const patched = await patch(id, { [field]: 'not-a-value' });
    for (const res of [created, replaced, patched]) {
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
    expect(await row(id)).toEqual(storedBefore);
  });

  it('an unknown demo link type is a 400 too', async () => {
    const { id } = await create();
    const res = await patch(id, { demo_links: [{ id: 'x', type: 'podcast', url: 'https://example.com/p', title: 'Podcast' }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['demo_links.0.type']);
  });
});

describe('GET /api/me/products', () => {
  let ids: string[];
  const TOTAL = 530;
  const listOwner = {} as TestSession;

  beforeAll(async () => {
    const creator = await signUp('creator', 'Prolific Creator');
    // Rows that share a creation time (one statement) and rows microseconds apart: the keyset
    // must order both without skipping or repeating any.
    const shared = Array.from(
      { length: 300 },
      (_, i) => ({ creator_id: creator.userId, title: `Bulk product ${i}`, status: i % 3 ? 'draft' : 'published' }) as const,
    );
    await t.db.insertInto('products').values(shared).execute();
    for (let i = 0; i < TOTAL - 300; i++) {
      await createProduct(t.db, creator.userId, {
        title: `Timed product ${i}`,
        status: i % 3 ? 'draft' : 'published',
        created_at: `2026-01-01 00:00:00.${String(100000 + (i % 7) * 3 + Math.floor(i / 7)).padStart(6, '0')}+00`,
      });
    }
    ids = (
      await t.db.selectFrom('products').select('id').where('creator_id', '=', creator.userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(TOTAL);
    Object.assign(listOwner, creator);
  });

  const list = (query: Record<string, string>) => call(listMine, `/api/me/products?${new URLSearchParams(query)}`, { session: listOwner });

  async function walk(query: Record<string, string>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const limit = Number(query['limit'] ?? 20);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      if (res.body.nextCursor) expect(res.body.items).toHaveLength(limit);
      seen.push(...res.body.items.map((p: { id: string }) => p.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 1000);
    return seen;
  }

  it.each(['100', '37', '1'])('walks all %s at a time: every product once, newest first', async (limit) => {
    expect(await walk({ limit })).toEqual(ids);
  });

  it('walks a filtered list the same way', async () => {
    const published = await t.db.selectFrom('products').select('id').where('id', 'in', ids).where('status', '=', 'published').execute();
    const seen = await walk({ status: 'published', limit: '50' });
    expect(seen).toEqual(ids.filter((id) => published.some((p) => p.id === id)));
  });

  it('answers 20 by default, and refuses a limit it would have to cap, a forged cursor and an unknown parameter', async () => {
    const first = await list({});
    expect(first.body.items).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const refused: Record<string, string>[] = [
      { limit: '101' },
      { limit: '0' },
      { limit: 'all' },
      { cursor: 'forged' },
      { cursor: Buffer.from('{"c":"yesterday","id":"x"}').toString('base64url') },
      { offset: '500' },
      { status: 'all' },
    ];
    for (const query of refused) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});
