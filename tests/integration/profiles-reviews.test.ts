/**
 * Profiles and seller reviews against a real database: reviews of oneself and of non-sellers
 * are refused; one review per reviewer and seller, editable and deletable; average_rating and
 * review_count always match the reviews, also when reviews race; the profile edit validates
 * and keeps the account in step; avatar and banner uploads go through the image pipeline to
 * the spec's paths, refuse non-images from their bytes and remove the old file; the portfolio
 * lists only published products in the three sorts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { saveReview } from '@/functions/reviews/reviews.service';
import { getProfilePage } from '@/functions/profiles/profile-page.service';
import { DELETE as deleteReviewRoute, GET as listReviewsRoute, PUT as putReviewRoute } from '@/src/pages/api/reviews/[sellerId]';
import { GET as getProfileRoute, PATCH as patchProfileRoute } from '@/src/pages/api/profile/index';
import { DELETE as deleteAvatarRoute, POST as postAvatarRoute } from '@/src/pages/api/profile/avatar';
import { POST as postBannerRoute } from '@/src/pages/api/profile/banner';
import { GET as portfolioRoute } from '@/src/pages/api/profiles/[userId]/products';
import { call, fileForm, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories, obtainFrom } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let root: string;
let seller: TestSession;
let buyer: TestSession;

const profileRow = (id: string) => t.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function expectRatingMatchesRows(sellerId: string) {
  const row = await profileRow(sellerId);
  const truth = await t.db
    .selectFrom('seller_reviews')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(round(avg(rating)::numeric, 2), 0)`.as('avg')])
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  expect(row.review_count).toBe(Number(truth.n));
  expect(Number(row.average_rating)).toBe(Number(truth.avg));
  return { count: row.review_count, average: Number(row.average_rating) };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-profiles-'));
  setBlobStore(new LocalBlobStore(root));
  seller = await signUp('creator', 'Sam Seller');
  buyer = await signUp('buyer', 'Bea Buyer');
});

afterAll(async () => {
  setBlobStore(undefined);
  fs.rmSync(root, { recursive: true, force: true });
  resetAuth();
  await closeDb();
});

describe('seller reviews', () => {
  it('refuses a review of oneself, of a non-seller, and from a visitor', async () => {
    const self = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: seller,
      params: { sellerId: seller.userId },
      json: { rating: 5, text: 'I am simply the best seller.' },
    });
    expect(self.status).toBe(403);
    expect(self.body.error).toMatchObject({ code: 'CANNOT_REVIEW_SELF', message: 'You cannot review yourself' });
    // The database refuses it too, whatever the code path.
    await expect(t.db.insertInto('seller_reviews').values({ seller_id: seller.userId, reviewer_id: seller.userId, rating: 5 }).execute()).rejects.toThrow();
    const nonSeller = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: seller,
      params: { sellerId: buyer.userId },
      json: { rating: 3, text: 'Not a seller, nothing to review.' },
    });
    expect(nonSeller.status).toBe(400);
    expect(nonSeller.body.error.code).toBe('NOT_A_SELLER');
    const visitor = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: null,
      params: { sellerId: seller.userId },
      json: { rating: 5, text: 'Anonymous praise here.' },
    });
    expect(visitor.status).toBe(401);
    const invalid = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: buyer,
      params: { sellerId: seller.userId },
      json: { rating: 6, text: 'ok' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars', text: 'The review must be at least 10 characters' });
    expect(await expectRatingMatchesRows(seller.userId)).toEqual({ count: 0, average: 0 });
  });

  it('refuses a review from someone who got none of the seller’s products, with a clear message', async () => {
    const stranger = await signUp('buyer', 'Stan Stranger');
    const res = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: stranger,
      params: { sellerId: seller.userId },
      json: { rating: 1, text: 'Never bought anything here.' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'SELLER_REVIEW_NOT_ALLOWED', message: "Only people who got one of this seller's products can review them" });
    expect(await expectRatingMatchesRows(seller.userId)).toEqual({ count: 0, average: 0 });
  });

  it('adds, edits and deletes one review per reviewer, recomputing the seller’s figures', async () => {
    await obtainFrom(t.db, buyer.userId, seller.userId);
    const added = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: buyer,
      params: { sellerId: seller.userId },
      json: { rating: 4, text: 'Clear setup notes and quick answers.' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      created: true,
      seller: { averageRating: 4, reviewCount: 1 },
      review: { rating: 4, reviewer: { id: buyer.userId, fullName: 'Bea Buyer' } },
    });
    const edited = await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: buyer,
      params: { sellerId: seller.userId },
      json: { rating: 2, text: 'The second template was broken.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      created: false,
      seller: { averageRating: 2, reviewCount: 1 },
      review: { rating: 2, text: 'The second template was broken.' },
    });
    const rows = await t.db.selectFrom('seller_reviews').selectAll().where('seller_id', '=', seller.userId).execute();
    expect(rows).toHaveLength(1);
    const other = await signUp('buyer', 'Olly Other');
    await obtainFrom(t.db, other.userId, seller.userId);
    await call(putReviewRoute, '/api/reviews/x', {
      method: 'PUT',
      session: other,
      params: { sellerId: seller.userId },
      json: { rating: 5, text: 'Worked on the first try, great docs.' },
    });
    expect(await expectRatingMatchesRows(seller.userId)).toEqual({ count: 2, average: 3.5 });
    const list = await call(listReviewsRoute, '/api/reviews/x', { params: { sellerId: seller.userId } });
    expect(list.body.items.map((r: { reviewer: { fullName: string } }) => r.reviewer.fullName)).toEqual(['Olly Other', 'Bea Buyer']);

    const removed = await call(deleteReviewRoute, '/api/reviews/x', { method: 'DELETE', session: buyer, params: { sellerId: seller.userId } });
    expect(removed.body).toEqual({ seller: { averageRating: 5, reviewCount: 1 } });
    const again = await call(deleteReviewRoute, '/api/reviews/x', { method: 'DELETE', session: buyer, params: { sellerId: seller.userId } });
    expect(again.status).toBe(404);
    expect(await expectRatingMatchesRows(seller.userId)).toEqual({ count: 1, average: 5 });
  });

  it('keeps average_rating equal to the reviews when many reviews race', async () => {
    const star = await createUser(t.db, { fullName: 'Busy Seller' });
    const reviewers = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db, { userType: 'buyer' })));
    for (const r of reviewers) await obtainFrom(t.db, r.id, star.id);
    await Promise.all(reviewers.map((r, i) => saveReview(t.db, r.id, star.id, { rating: (i % 5) + 1, text: `Review number ${i} of this seller.` })));
    await Promise.all(reviewers.slice(0, 10).map((r) => saveReview(t.db, r.id, star.id, { rating: 5, text: 'Changed my mind, five stars.' })));
    const figures = await expectRatingMatchesRows(star.id);
    expect(figures.count).toBe(30);
    // ratings 1..5 six times each (avg 3), then ten of them raised to 5.
    const ratings = reviewers.map((_, i) => (i < 10 ? 5 : (i % 5) + 1));
    expect(figures.average).toBe(Number((ratings.reduce((a, b) => a + b, 0) / 30).toFixed(2)));
  });
});

describe('the profile edit', () => {
  it('validates every field with the form’s messages and changes nothing', async () => {
    const res = await call(patchProfileRoute, '/api/profile', {
      method: 'PATCH',
      session: seller,
      json: {
        fullName: 'S',
        bio: 'x'.repeat(501),
        company: '',
        location: 'Lisbon',
        website: 'ftp://nope',
        socialLinks: { github: 'github.com/sam' },
        specialties: ['n8n', 'x'],
      },
    });
    expect(res.status).toBe(400);
    // The route's schema answers first (issue 14: every input is parsed before the handler)...
    expect(res.body.error.fields).toEqual({
      fullName: 'Name must be at least 2 characters',
      bio: 'The bio has at most 500 characters',
      website: 'URL should start with http:// or https://',
      'socialLinks.github': 'URL should start with http:// or https://',
      specialties: 'A specialty needs at least 2 characters',
    });
    // ...then the rule of the account type: a creator keeps a company.
    const company = await call(patchProfileRoute, '/api/profile', { method: 'PATCH', session: seller, json: { company: '', location: 'Lisbon' } });
    expect(company.status).toBe(400);
    expect(company.body.error.fields).toEqual({ company: 'Company or project name is required for creators' });
    expect((await profileRow(seller.userId)).location).toBeNull();
  });

  it('saves the profile and keeps the account’s name and company in step', async () => {
    const res = await call(patchProfileRoute, '/api/profile', {
      method: 'PATCH',
      session: seller,
      json: {
        fullName: 'Sam Q. Seller',
        bio: 'I build n8n flows.',
        company: 'Flow Co',
        location: 'Lisbon, Portugal',
        website: 'https://sam.example.com',
        socialLinks: { github: 'https://github.com/sam' },
        specialties: ['n8n', 'N8N', 'Make'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullName: 'Sam Q. Seller',
      location: 'Lisbon, Portugal',
      socialLinks: { github: 'https://github.com/sam' },
      specialties: ['n8n', 'Make'],
    });
    const user = await t.db.selectFrom('users').select(['name', 'full_name', 'company']).where('id', '=', seller.userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Sam Q. Seller', full_name: 'Sam Q. Seller', company: 'Flow Co' });
    expect((await call(getProfileRoute, '/api/profile', { session: seller })).body.website).toBe('https://sam.example.com');
    expect((await call(getProfileRoute, '/api/profile', { session: null })).status).toBe(401);
  });
});

describe('avatar and banner', () => {
  const files = () =>
    (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .sort();

  it('refuses a file that is not an image, whatever its name and type say', async () => {
    const res = await call(postAvatarRoute, '/api/profile/avatar', {
      method: 'POST',
      session: buyer,
      form: fileForm('me.png', Buffer.from('not really a png'), 'image/png'),
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'NOT_AN_IMAGE', message: 'Please select an image file' });
    expect(
      (await call(postAvatarRoute, '/api/profile/avatar', { method: 'POST', session: null, form: fileForm('me.png', Buffer.from('x'), 'image/png') })).status,
    ).toBe(401);
    expect(files().filter((f) => f.includes(buyer.userId))).toEqual([]);
  });

  it('stores the avatar at avatars/{userId}/avatar.{ext}, on the profile and the account, and removes the old file', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#5b3fd6' } })
      .png()
      .toBuffer();
    const first = await call(postAvatarRoute, '/api/profile/avatar', { method: 'POST', session: buyer, form: fileForm('me.png', png, 'image/png') });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^/blobs/avatars/${buyer.userId}/avatar\\.png\\?v=\\d+$`));
    expect(files()).toContain(`public/avatars/${buyer.userId}/avatar.png`);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0f9f7a' } })
      .jpeg()
      .toBuffer();
    const second = await call(postAvatarRoute, '/api/profile/avatar', { method: 'POST', session: buyer, form: fileForm('holiday.jpeg', jpeg, 'image/jpeg') });
    expect(second.body.url).toMatch(new RegExp(`^/blobs/avatars/${buyer.userId}/avatar\\.jpg\\?v=\\d+$`));
    expect(files().filter((f) => f.includes(buyer.userId))).toEqual([`public/avatars/${buyer.userId}/avatar.jpg`]);
    expect((await profileRow(buyer.userId)).avatar_url).toBe(second.body.url);
    const account = await t.db.selectFrom('users').select('image').where('id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(account.image).toBe(second.body.url);

    const removed = await call(deleteAvatarRoute, '/api/profile/avatar', { method: 'DELETE', session: buyer });
    expect(removed.body).toEqual({ kind: 'avatar', url: null });
    expect(files().filter((f) => f.includes(buyer.userId))).toEqual([]);
    expect((await profileRow(buyer.userId)).avatar_url).toBeNull();
  });

  it('compresses a large banner to 5 MB at most and 1920 px wide', async () => {
    // Random noise does not compress: about 7 MB as PNG.
    const noise = Buffer.alloc(2400 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 2400, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await call(postBannerRoute, '/api/profile/banner', { method: 'POST', session: seller, form: fileForm('cover.png', big, 'image/png') });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^/blobs/banners/${seller.userId}/banner\\.webp\\?v=\\d+$`));
    const stored = fs.readFileSync(path.join(root, 'public', 'banners', seller.userId, 'banner.webp'));
    expect(stored.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const meta = await sharp(stored).metadata();
    expect(meta.width).toBe(1920);
  });
});

describe('the public profile and portfolio', () => {
  it('lists only published products, in the three sorts and by category', async () => {
    const creator = await createUser(t.db, { fullName: 'Portfolio Creator' });
    await createProduct(t.db, creator.id, {
      title: 'Old popular',
      downloads_count: 900,
      rating: 4.1,
      rating_score: 4.1,
      category_id: 'business',
      created_at: new Date('2026-01-01'),
    });
    await createProduct(t.db, creator.id, {
      title: 'New niche',
      downloads_count: 3,
      rating: 4.9,
      rating_score: 4.9,
      category_id: 'design',
      created_at: new Date('2026-06-01'),
    });
    await createProduct(t.db, creator.id, {
      title: 'Middle',
      downloads_count: 50,
      rating: 3.5,
      rating_score: 3.5,
      category_id: 'business',
      created_at: new Date('2026-03-01'),
    });
    await createProduct(t.db, creator.id, { title: 'Secret draft', status: 'draft', downloads_count: 5000, rating: 5 });
    const titles = async (query: string) =>
      (await call(portfolioRoute, `/api/profiles/${creator.id}/products${query}`, { params: { userId: creator.id } })).body.items.map(
        (p: { title: string }) => p.title,
      );
    expect(await titles('')).toEqual(['New niche', 'Middle', 'Old popular']);
    expect(await titles('?sort=popular')).toEqual(['Old popular', 'Middle', 'New niche']);
    expect(await titles('?sort=top_rated')).toEqual(['New niche', 'Old popular', 'Middle']);
    expect(await titles('?sort=newest&category=business')).toEqual(['Middle', 'Old popular']);
    expect((await call(portfolioRoute, '/api/profiles/nobody/products', { params: { userId: 'nobody' } })).status).toBe(404);

    const page = await getProfilePage(t.db, creator.id, null);
    expect(page).toMatchObject({ stats: { products: 3, downloads: 953 }, isOwner: false, isFollowing: false, isSeller: true });
    expect(page?.portfolioCategories.map((c) => c.id)).toEqual(['business', 'design']);
    expect(await getProfilePage(t.db, 'no-such-user', null)).toBeNull();
  });
});
