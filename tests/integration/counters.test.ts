/**
 * Counters nobody can inflate (docs/decisions/011), on both drivers:
 * - views_count counts a visitor once per product per UTC day: by account when signed in, by
 *   the server-set visitor cookie, by client address without one; concurrent duplicates count
 *   once, different visitors each count; each counted view is one product_interactions row;
 * - downloads_count counts a user once per product, however often and concurrently they
 *   download; every download is still recorded.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { pruneViewDays, recordView } from '@/functions/interactions/interactions.service';
import { VISITOR_COOKIE } from '@/functions/interactions/visitor';
import { POST as postView } from '@/src/pages/api/products/[id]/view';
import { call, signUp } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let creatorId: string;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creatorId = (await createUser(t.db)).id;
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

const published = () => createProduct(t.db, creatorId, { content_delivery_type: 'text', content_text: 'x', price: 0 });
const counts = (id: string) => t.db.selectFrom('products').select(['views_count', 'downloads_count']).where('id', '=', id).executeTakeFirstOrThrow();
const interactions = async (id: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from product_interactions where product_id = ${id}`.execute(t.db)).rows[0]!.n;
let lastOctet = 0;
const newAddress = () => `192.0.2.${++lastOctet % 250}`;

function view(productId: string, options: { address: string; cookie?: string; session?: Awaited<ReturnType<typeof signUp>> }) {
  return call(postView, `/api/products/${productId}/view`, {
    method: 'POST',
    params: { id: productId },
    json: { sessionId: 'tab-1' },
    address: options.address,
    session: options.session ?? null,
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${VISITOR_COOKIE}=`))
    ?.split(';')[0];

describe('views', () => {
  it('200 concurrent views from one visitor (one cookie) count once', async () => {
    const p = await published();
    const first = await view(p.id, { address: newAddress() });
    expect(first.status).toBe(204);
    const cookie = cookieOf(first.headers);
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}$`));
    expect(first.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 200 }, () => view(p.id, { address, cookie: cookie! })));
    expect(responses.every((r) => r.status === 204 && !cookieOf(r.headers))).toBe(true);
    expect((await counts(p.id)).views_count).toBe(1);
    expect(await interactions(p.id)).toBe(1);
  });

  it('200 concurrent cookieless views from one address count once', async () => {
    const p = await published();
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 200 }, () => view(p.id, { address })));
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(204));
    expect((await counts(p.id)).views_count).toBe(1);
    expect(await interactions(p.id)).toBe(1);
  });

  it('200 concurrent views from 200 different visitors count 200', async () => {
    const p = await published();
    await Promise.all(Array.from({ length: 200 }, (_, i) => view(p.id, { address: `198.18.${i >> 8}.${i & 255}` })));
    expect((await counts(p.id)).views_count).toBe(200);
    expect(await interactions(p.id)).toBe(200);
  });

  it('a made-up cookie is not a visitor: it counts by address', async () => {
    const p = await published();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await view(p.id, { address, cookie: `${VISITOR_COOKIE}=${'a'.repeat(22)}.${'b'.repeat(22)}${i}` })).status).toBe(204);
    expect((await counts(p.id)).views_count).toBe(1);
  });

  it("a browser's first view, then its views with the cookie it got, count once", async () => {
    const p = await published();
    const first = await view(p.id, { address: newAddress() });
    await view(p.id, { address: newAddress(), cookie: cookieOf(first.headers)! });
    expect((await counts(p.id)).views_count).toBe(1);
    // The same browser on another product is a view there.
    const q = await published();
    await view(q.id, { address: newAddress(), cookie: cookieOf(first.headers)! });
    expect((await counts(q.id)).views_count).toBe(1);
  });

  it('a signed-in user counts once by account, whatever the address or cookie', async () => {
    const p = await published();
    const user = await signUp('buyer');
    await Promise.all(Array.from({ length: 20 }, () => view(p.id, { address: newAddress(), session: user })));
    expect((await counts(p.id)).views_count).toBe(1);
    const row = await t.db.selectFrom('product_interactions').selectAll().where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.userId, session_id: 'tab-1', interaction_type: 'view' });
  });

  it('counts the same visitor again the next day; old days are pruned, counted views stay', async () => {
    const p = await published();
    const day1 = new Date('2026-11-20T23:59:00Z');
    const day2 = new Date('2026-11-21T00:01:00Z');
    const input = { productId: p.id, userId: null, visitorKey: 'visitor-x', type: 'view' as const, userAgent: null };
    expect(await recordView(t.db, { ...input, now: day1 })).toEqual({ counted: true });
    expect(await recordView(t.db, { ...input, now: day1 })).toEqual({ counted: false });
    expect(await recordView(t.db, { ...input, now: day2 })).toEqual({ counted: true });
    expect((await counts(p.id)).views_count).toBe(2);
    await pruneViewDays(t.db, new Date('2026-11-23T10:00:00Z'));
    expect(await t.db.selectFrom('product_view_days').select('day').where('product_id', '=', p.id).execute()).toEqual([]);
    expect(await interactions(p.id)).toBe(2);
  });

  it('answers 404 for a draft or unknown product and counts nothing', async () => {
    const draft = await createProduct(t.db, creatorId, { status: 'draft' });
    const response = await view(draft.id, { address: newAddress() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } });
    expect((await counts(draft.id)).views_count).toBe(0);
  });
});

describe('downloads', () => {
  it('200 concurrent downloads by one user raise downloads_count by 1 and are all recorded', async () => {
    const p = await published();
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const results = await Promise.all(Array.from({ length: 200 }, () => downloadProduct(t.db, buyer.id, p.id)));
    expect(results.every((r) => r.success)).toBe(true);
    expect((await counts(p.id)).downloads_count).toBe(1);
    const rows = await sql<{ n: number }>`select count(*)::int as n from downloads where product_id = ${p.id}`.execute(t.db);
    expect(rows.rows[0]!.n).toBe(200);
  });

  it('different users each count once', async () => {
    const p = await published();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { userType: 'buyer' })));
    await Promise.all(buyers.flatMap((b) => [downloadProduct(t.db, b.id, p.id), downloadProduct(t.db, b.id, p.id)]));
    expect((await counts(p.id)).downloads_count).toBe(20);
  });
});
