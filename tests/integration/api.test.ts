/**
 * API routes called with real Requests against a real database: the success shapes and the
 * `{ error: { code, message, fields } }` shape of every failure.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbHandle } from '@/db/database';
import { GET as searchProducts } from '@/src/pages/api/products/index';
import { POST as download } from '@/src/pages/api/products/[id]/download';
import { POST as recordView } from '@/src/pages/api/products/[id]/view';
import { GET as listFavorites } from '@/src/pages/api/favorites/index';
import { GET as health } from '@/src/pages/api/health';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let productId: string;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  const creator = await createUser(t.db);
  productId = (await createProduct(t.db, creator.id, { title: 'Support Chatbot Kit', content_delivery_type: 'text', content_text: 'x' })).id;
});
afterAll(async () => t?.close());

function context(path: string, init: RequestInit & { params?: Record<string, string>; user?: { id: string } | null } = {}): APIContext {
  const url = new URL(path, 'http://localhost:4321');
  return {
    url,
    request: new Request(url, init),
    params: init.params ?? {},
    locals: { user: init.user ?? null, sessionId: null },
  } as unknown as APIContext;
}

describe('GET /api/products', () => {
  it('answers { items, nextCursor }', async () => {
    const response = await searchProducts(context('/api/products?search=chatbot'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { id: string }[]; nextCursor: string | null };
    expect(body.items.map((p) => p.id)).toEqual([productId]);
    expect(body.nextCursor).toBeNull();
  });

  it('answers 499 and starts no search for a client that has already gone away', async () => {
    const gone = new AbortController();
    gone.abort();
    const response = await searchProducts(context('/api/products?search=chatbot', { signal: gone.signal }));
    expect(response.status).toBe(499);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CLIENT_CLOSED_REQUEST');
  });

  it.each([
    ['budget=cheap', 'budget', 'Unknown budget. Use free, under-50, 50-100 or 100-plus'],
    ['category=food', 'category', 'Unknown category. Use one of: content, design, audio, business, video, tech'],
    ['type=spaceships', 'type', 'Unknown content type'],
    ['sort=random', 'sort', 'Unknown sort'],
    ['limit=1000', 'limit', 'Limit must be at most 60'],
    ['cursor=xyz', 'cursor', 'Invalid cursor: start again from the first page'],
  ])('answers 400 with the field message for %s', async (query, field, message) => {
    const response = await searchProducts(context(`/api/products?${query}`));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toBe(message);
  });
});

describe('POST /api/products/{id}/download', () => {
  it('answers 401 with the spec message for a visitor', async () => {
    const response = await download(context(`/api/products/${productId}/download`, { method: 'POST', params: { id: productId } }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in to download this product' } });
  });

  it('answers the download service shape for a signed-in user', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const response = await download(context(`/api/products/${productId}/download`, { method: 'POST', params: { id: productId }, user: buyer }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Download started!', contentText: 'x', downloadUrl: null, fileUrls: [] });
  });
});

describe('other routes', () => {
  it('records a view with 204 and answers 404 for an unknown product', async () => {
    const ok = await recordView(
      context(`/api/products/${productId}/view`, { method: 'POST', params: { id: productId }, body: JSON.stringify({ sessionId: 'abc' }) }),
    );
    expect(ok.status).toBe(204);
    const missing = await recordView(context('/api/products/x/view', { method: 'POST', params: { id: '00000000-0000-4000-8000-000000000000' }, body: '{}' }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('answers /api/health from select 1: the status and the driver, nothing counted', async () => {
    const response = await health(context('/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', driver: t.driver });
  });

  it('refuses favorites to a visitor with 401', async () => {
    const response = await listFavorites(context('/api/favorites'));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });
});
