/**
 * The API contract of issue 14 on the account routes (docs/decisions/024), through the real
 * routes, middleware and database:
 * - GET /api/profile answers JSON that PUT /api/profile takes back unchanged (read-only fields
 *   ignored, null meaning no value), and changes nothing;
 * - PATCH /api/profile with any one field changes that field only;
 * - unknown fields, unknown enum values, offsets and out-of-range limits are a 400 with the
 *   error shape, and change nothing;
 * - the lists page past 500 rows with no gap, no duplicate and in their documented order:
 *   favorites, the portfolio in its three sorts, seller reviews, tool updates and the
 *   notifications feed. Many rows share a timestamp, so the pages must break ties by id.
 * Every answer is also checked against its route's schema (API_CHECK_RESPONSES, vitest config).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { GET as getProfile, PATCH as patchProfile, PUT as putProfile } from '@/src/pages/api/profile/index';
import { POST as postAvatar } from '@/src/pages/api/profile/avatar';
import { POST as postOnboarding } from '@/src/pages/api/profile/onboarding';
import { POST as startSelling } from '@/src/pages/api/profile/start-selling';
import { GET as listFavorites } from '@/src/pages/api/favorites/index';
import { GET as listPortfolio } from '@/src/pages/api/profiles/[userId]/products';
import { GET as listReviews, PUT as putReview } from '@/src/pages/api/reviews/[sellerId]';
import { GET as listUpdates, POST as postUpdate } from '@/src/pages/api/tools/[toolId]/updates';
import { GET as listNotifications } from '@/src/pages/api/notifications/index';
import { call, fileForm, signUp, type CallResult, type TestSession } from '../support/api';
import { createUser, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

type Handler = Parameters<typeof call>[0];

let t: TestDb;
let blobRoot: string;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-account-contract-'));
  setBlobStore(new LocalBlobStore(blobRoot));
});

afterAll(async () => {
  setBlobStore(undefined);
  fs.rmSync(blobRoot, { recursive: true, force: true });
  resetAuth();
  await closeDb();
});

/** The profile row without its write time (a save that changes nothing still stamps it). */
async function profileRow(id: string) {
  const { updated_at: _written, ...row } = await t.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return row;
}

const get = async (session: TestSession) => {
  const res = await call(getProfile, '/api/profile', { session });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown> & { socialLinks: Record<string, string> };
};
const put = (session: TestSession, json: unknown) => call(putProfile, '/api/profile', { method: 'PUT', session, json });
const patch = (session: TestSession, json: unknown) => call(patchProfile, '/api/profile', { method: 'PATCH', session, json });

function expectRefused(res: CallResult, fields?: Record<string, string>) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  if (fields) expect(res.body.error.fields).toMatchObject(fields);
}

describe('GET -> PUT round trip of the profile', () => {
  it('takes back a complete profile unchanged, pictures and counters included', async () => {
    const rita = await signUp('creator', 'Rita Roundtrip');
    const filled = await patch(rita, {
      bio: 'I build n8n flows.\nAnd voice agents.',
      location: 'Porto, Portugal',
      website: 'https://rita.example.com',
      socialLinks: { github: 'https://github.com/rita', twitter: 'https://x.com/rita' },
      specialties: ['n8n workflows', 'Voice AI'],
    });
    expect(filled.status).toBe(200);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    expect((await call(postAvatar, '/api/profile/avatar', { method: 'POST', session: rita, form: fileForm('me.png', png, 'image/png') })).status).toBe(200);

    const before = await get(rita);
    expect(before).toMatchObject({ userType: 'creator', company: 'Analytical Engines', avatarUrl: expect.stringContaining('/avatars/') });
    const row = await profileRow(rita.userId);
    const res = await put(rita, before);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
    expect(await get(rita)).toEqual(before);
    expect(await profileRow(rita.userId)).toEqual(row);
  });

  it('takes back a profile of empty fields (nulls) unchanged', async () => {
    const bo = await signUp('buyer', 'Bo Blank');
    const before = await get(bo);
    expect(before).toMatchObject({ company: null, bio: null, location: null, website: null, socialLinks: {}, specialties: [] });
    const row = await profileRow(bo.userId);
    const res = await put(bo, before);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
    expect(await profileRow(bo.userId)).toEqual(row);
  });

  it('ignores the read-only fields PUT is sent, and empties the fields it leaves out', async () => {
    const cy = await signUp('buyer', 'Cy Readonly');
    await patch(cy, { bio: 'Short bio.', location: 'Oslo' });
    const before = await get(cy);
    const res = await put(cy, {
      ...before,
      id: 'someone-else',
      userType: 'creator',
      avatarUrl: null,
      verified: true,
      followerCount: 999,
      averageRating: 5,
      createdAt: '2020-01-01T00:00:00.000Z',
      location: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, location: null });
    // PUT replaces: what it does not send is emptied, like a null.
    const replaced = await put(cy, { fullName: 'Cy Readonly' });
    expect(replaced.body).toEqual({ ...before, bio: null, location: null });
    expect((await profileRow(cy.userId)).user_type).toBe('buyer');
  });
});

describe('PATCH of the profile', () => {
  it('changes each field alone, and only that field', async () => {
    const pat = await signUp('creator', 'Pat Patch');
    await patch(pat, {
      bio: 'Old bio.',
      location: 'Lyon',
      website: 'https://old.example.com',
      socialLinks: { github: 'https://github.com/pat' },
      specialties: ['Prompts'],
    });
    const changes: Record<string, unknown> = {
      fullName: "Pat O'Patch",
      bio: 'A new bio, two sentences. The second one.',
      company: 'Patchwork Labs',
      location: 'Marseille, France',
      website: 'https://new.example.com',
      specialties: ['Agents', 'Voice AI'],
    };
    for (const [field, value] of Object.entries(changes)) {
      const before = await get(pat);
      const res = await patch(pat, { [field]: value });
      expect(res.status, field).toBe(200);
      expect(res.body, field).toEqual({ ...before, [field]: value });
      expect(await get(pat), field).toEqual({ ...before, [field]: value });
    }
    // The account (session, header) follows the profile's name and company.
    const account = await t.db.selectFrom('users').select(['name', 'company']).where('id', '=', pat.userId).executeTakeFirstOrThrow();
    expect(account).toEqual({ name: "Pat O'Patch", company: 'Patchwork Labs' });

    // socialLinks merges by network: one link added, one removed, the others kept.
    const before = await get(pat);
    const added = await patch(pat, { socialLinks: { linkedin: 'https://linkedin.com/in/pat' } });
    expect(added.body).toEqual({ ...before, socialLinks: { github: 'https://github.com/pat', linkedin: 'https://linkedin.com/in/pat' } });
    const removed = await patch(pat, { socialLinks: { github: null } });
    expect(removed.body).toEqual({ ...before, socialLinks: { linkedin: 'https://linkedin.com/in/pat' } });

    // null empties one field; an empty body changes nothing.
    const withLinks = await get(pat);
    expect((await patch(pat, { bio: null })).body).toEqual({ ...withLinks, bio: null });
    expect((await patch(pat, { website: '' })).body).toEqual({ ...withLinks, bio: null, website: null });
    const now = await get(pat);
    const row = await profileRow(pat.userId);
    expect((await patch(pat, {})).body).toEqual(now);
    expect(await profileRow(pat.userId)).toEqual(row);
  });
});

describe('unknown fields and enum values', () => {
  it('are a 400 naming them, on every account route, and change nothing', async () => {
    const una = await signUp('creator', 'Una Known');
    const seller = await createUser(t.db, { fullName: 'Sel Seller' });
    await t.db.insertInto('ai_tools').values({ id: 'una-tool', name: 'Una Tool', claimed_by: una.userId }).execute();
    const before = await get(una);
    const row = await profileRow(una.userId);

    expectRefused(await put(una, { ...before, email: 'una@example.com' }), { _: 'Unknown field: email' });
    expectRefused(await patch(una, { nickname: 'Una' }), { _: 'Unknown field: nickname' });
    expectRefused(await patch(una, { socialLinks: { myspace: 'https://myspace.com/una' } }), { socialLinks: 'Unknown field: myspace' });
    // An enum is never coerced, even in a read-only field.
    expectRefused(await patch(una, { userType: 'wizard' }));
    expectRefused(await put(una, { ...before, userType: 'admin' }));
    // A required field cannot be emptied; a wrong type is not read as empty.
    expectRefused(await patch(una, { fullName: null }));
    expectRefused(await patch(una, { specialties: 'n8n' }));
    expectRefused(await patch(una, { bio: 42 }));

    const onboarding = (json: unknown) => call(postOnboarding, '/api/profile/onboarding', { method: 'POST', session: una, json });
    expectRefused(await onboarding({ action: 'finish' }));
    expectRefused(await onboarding({ action: 'skip', interests: [] }), { _: 'Unknown field: interests' });
    expectRefused(await onboarding({ action: 'complete', interests: ['revops'] }), { 'interests.0': 'Unknown interest' });
    expectRefused(await call(startSelling, '/api/profile/start-selling', { method: 'POST', session: una, json: { company: 'Una Co', userType: 'creator' } }));

    const review = (json: unknown) => call(putReview, '/api/reviews/x', { method: 'PUT', session: una, params: { sellerId: seller.id }, json });
    expectRefused(await review({ rating: '5', text: 'Quick and clear answers.' }), { rating: 'Choose a rating from 1 to 5 stars' });
    expectRefused(await review({ rating: 5, text: 'Quick and clear answers.', stars: 5 }));

    const post = (json: unknown) => call(postUpdate, '/api/tools/una-tool/updates', { method: 'POST', session: una, params: { toolId: 'una-tool' }, json });
    const update = { title: 'Faster exports', content: 'Exports now finish in a second for most files.', updateType: 'feature' };
    expectRefused(await post({ ...update, updateType: 'rumour' }), { updateType: 'Choose feature, announcement, bug fix, security or other' });
    expectRefused(await post({ ...update, pinned: true }));

    const portfolio = (query: string) => call(listPortfolio, `/api/profiles/${una.userId}/products?${query}`, { params: { userId: una.userId } });
    expectRefused(await portfolio('sort=cheapest'), { sort: expect.any(String) });
    expectRefused(await portfolio('category=garden'), { category: expect.any(String) });
    // Offsets went: a list pages with its cursor only.
    expectRefused(await portfolio('offset=12'));
    // No silent truncation: a limit over the maximum is refused, not cut down.
    expectRefused(await call(listFavorites, '/api/favorites?limit=500', { session: una }), { limit: expect.any(String) });
    expectRefused(await call(listFavorites, '/api/favorites?limit=0', { session: una }));
    expectRefused(await call(listNotifications, '/api/notifications?tool=Not%20A%20Slug', { session: una }));
    expectRefused(await call(listNotifications, '/api/notifications?page=2', { session: una }));

    expect(await get(una)).toEqual(before);
    expect(await profileRow(una.userId)).toEqual(row);
    expect(await t.db.selectFrom('seller_reviews').select('id').where('reviewer_id', '=', una.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('ai_tool_updates').select('id').where('tool_id', '=', 'una-tool').execute()).toEqual([]);
  });
});

describe('lists past 500 rows: no gap, no duplicate, in order', () => {
  const ROWS = 520;
  /** Rows share their timestamp four by four, so only the id orders them within a group. */
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 4) * 60_000);
  const byTimeThenId = (a: { at: Date; id: string }, b: { at: Date; id: string }) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1);

  let reader: TestSession;
  let creatorId: string;
  let products: { id: string; at: Date; downloads: number; rating: number }[];

  /** Every item of a list, page after page, following nextCursor; every page is checked against the route's schema. */
  async function walk(handler: Handler, pathname: string, options: { session?: TestSession; params?: Record<string, string>; query?: string } = {}) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const search = [options.query, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
      const res: CallResult = await call(handler, `${pathname}${search ? `?${search}` : ''}`, {
        session: options.session ?? null,
        params: options.params ?? {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(...(res.body.items as { id: string }[]).map((item) => item.id));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 100);
    return { ids, pages };
  }

  beforeAll(async () => {
    reader = await signUp('buyer', 'Rhea Reader');
    creatorId = (await createUser(t.db, { fullName: 'Prolific Creator' })).id;
    products = Array.from({ length: ROWS }, (_, i) => ({ id: randomUUID(), at: at(i), downloads: i % 7, rating: (i % 5) + 0.5 }));
    await t.db
      .insertInto('products')
      .values([
        ...products.map((p, i) => ({
          id: p.id,
          creator_id: creatorId,
          title: `Product ${i}`,
          status: 'published' as const,
          category_id: i % 2 ? 'business' : 'design',
          created_at: p.at,
          downloads_count: p.downloads,
          rating: p.rating,
          // 'Top rated' sorts by the Bayesian score (docs/decisions/029), here following the rating.
          rating_score: p.rating,
        })),
        // Drafts are never listed, in any list.
        ...Array.from({ length: 5 }, (_, i) => ({ creator_id: creatorId, title: `Draft ${i}`, status: 'draft' as const, created_at: at(i) })),
      ])
      .execute();
  });

  it('favorites', async () => {
    const favorited = products.map((p, i) => ({ id: p.id, at: at(ROWS - i) }));
    await t.db
      .insertInto('favorites')
      .values(favorited.map((f) => ({ user_id: reader.userId, product_id: f.id, created_at: f.at })))
      .execute();
    const draft = await t.db.selectFrom('products').select('id').where('status', '=', 'draft').executeTakeFirstOrThrow();
    await t.db.insertInto('favorites').values({ user_id: reader.userId, product_id: draft.id }).execute();
    const expected = [...favorited].sort(byTimeThenId).map((f) => f.id);

    const big = await walk(listFavorites, '/api/favorites', { session: reader, query: 'limit=100' });
    expect(big.ids).toEqual(expected);
    expect(big.pages).toBe(6);
    // The default page (20) walks the same list.
    const small = await walk(listFavorites, '/api/favorites', { session: reader });
    expect(small.ids).toEqual(expected);
    expect(small.pages).toBe(26);
  });

  it('the portfolio, in each of its three sorts and by category', async () => {
    const params = { userId: creatorId };
    const pathname = `/api/profiles/${creatorId}/products`;
    const newest = [...products].sort(byTimeThenId);
    expect((await walk(listPortfolio, pathname, { params, query: 'limit=100' })).ids).toEqual(newest.map((p) => p.id));
    const popular = [...products].sort((a, b) => b.downloads - a.downloads || byTimeThenId(a, b));
    expect((await walk(listPortfolio, pathname, { params, query: 'sort=popular&limit=100' })).ids).toEqual(popular.map((p) => p.id));
    const topRated = [...products].sort((a, b) => b.rating - a.rating || b.downloads - a.downloads || (a.id < b.id ? 1 : -1));
    expect((await walk(listPortfolio, pathname, { params, query: 'sort=top_rated&limit=100' })).ids).toEqual(topRated.map((p) => p.id));
    const business = products.filter((_, i) => i % 2).sort(byTimeThenId);
    const walked = await walk(listPortfolio, pathname, { params, query: 'category=business' });
    expect(walked.ids).toEqual(business.map((p) => p.id));
    expect(walked.pages).toBe(Math.ceil(business.length / 12));
    // A cursor of one sort is refused by another, never read as a position it is not.
    const first = await call(listPortfolio, `${pathname}?sort=popular`, { params });
    expectRefused(await call(listPortfolio, `${pathname}?sort=top_rated&cursor=${first.body.nextCursor as string}`, { params }), {
      cursor: expect.any(String),
    });
  });

  it('seller reviews', async () => {
    const reviewers = Array.from({ length: ROWS }, (_, i) => ({ id: `reviewer-${randomUUID()}`, at: at(i) }));
    await t.db
      .insertInto('users')
      .values(
        reviewers.map((r, i) => ({ id: r.id, name: `Reviewer ${i}`, email: `${r.id}@example.test`, full_name: `Reviewer ${i}`, user_type: 'buyer' as const })),
      )
      .execute();
    await t.db
      .insertInto('profiles')
      .values(reviewers.map((r, i) => ({ id: r.id, full_name: `Reviewer ${i}`, user_type: 'buyer' as const })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const rows = await t.db
      .insertInto('seller_reviews')
      .values(
        reviewers.map((r, i) => ({
          seller_id: creatorId,
          reviewer_id: r.id,
          rating: (i % 5) + 1,
          review_text: `Review ${i} of this seller.`,
          created_at: r.at,
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    const expected = rows.map((r) => ({ id: r.id, at: new Date(r.created_at) })).sort(byTimeThenId);
    expect((await walk(listReviews, `/api/reviews/${creatorId}`, { params: { sellerId: creatorId }, query: 'limit=100' })).ids).toEqual(
      expected.map((r) => r.id),
    );
  });

  it('tool updates and the notifications feed', async () => {
    await t.db.insertInto('ai_tools').values({ id: 'paged-tool', name: 'Paged Tool' }).execute();
    await t.db.insertInto('ai_tool_follows').values({ user_id: reader.userId, tool_id: 'paged-tool' }).execute();
    const updates = await t.db
      .insertInto('ai_tool_updates')
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          tool_id: 'paged-tool',
          title: `Update ${i}`,
          content: 'Something changed in the tool this week.',
          update_type: 'other' as const,
          created_at: at(i),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    // Half of them reached the reader as notices; the feed lists every update of a followed tool.
    await t.db
      .insertInto('user_notifications')
      .values(updates.filter((_, i) => i % 2).map((u) => ({ user_id: reader.userId, update_id: u.id, reason: 'follow' as const, created_at: u.created_at })))
      .execute();
    const expected = updates
      .map((u) => ({ id: u.id, at: new Date(u.created_at) }))
      .sort(byTimeThenId)
      .map((u) => u.id);

    const tool = await walk(listUpdates, '/api/tools/paged-tool/updates', { params: { toolId: 'paged-tool' }, query: 'limit=100' });
    expect(tool.ids).toEqual(expected);
    const feed = await walk(listNotifications, '/api/notifications', { session: reader, query: 'limit=100' });
    expect(feed.ids).toEqual(expected);
    const filtered = await walk(listNotifications, '/api/notifications', { session: reader, query: 'tool=paged-tool&limit=77' });
    expect(filtered.ids).toEqual(expected);
  });
});
