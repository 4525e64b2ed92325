/**
 * Downloads, views and favorites: rules per delivery type, records, exact counts under
 * concurrency, and unpublished products never delivered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalBlobStore } from '@/functions/_shared/blob-store';
import { downloadProduct, readDeliverable } from '@/functions/downloads/downloads.service';
import { recordView } from '@/functions/interactions/interactions.service';
import { addFavorite, listFavorites, removeFavorite } from '@/functions/favorites/favorites.service';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let blobs: LocalBlobStore;
let blobDir: string;
let creator: { id: string };
let buyer: { id: string; email: string };

const buy = (user: { id: string; email: string }, productId: string) => buyLocally(t.db, testDeps(), user, productId);

beforeAll(async () => {
  t = await createTestDb();
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-dl-'));
  blobs = new LocalBlobStore(blobDir);
  creator = await createUser(t.db);
  buyer = await createUser(t.db, { userType: 'buyer' });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

describe('downloadProduct', () => {
  it('requires a signed-in user', async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'text', content_text: 'x' });
    await expect(downloadProduct(t.db, null, p.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please log in to download this product' });
  });

  it('delivers text, records a free download and counts it', async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'text', content_text: 'The prompt', price: 0 });
    const result = await downloadProduct(t.db, buyer.id, p.id);
    expect(result).toEqual({ success: true, message: 'Download started!', contentText: 'The prompt', downloadUrl: null, fileUrls: [] });
    const record = await t.db.selectFrom('downloads').selectAll().where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ user_id: buyer.id, download_type: 'free', content_accessed: 'text' });
    expect((await t.db.selectFrom('products').select('downloads_count').where('id', '=', p.id).executeTakeFirstOrThrow()).downloads_count).toBe(1);
  });

  it("refuses a priced product until it is bought (402), then records the paid download and says 'Purchase successful!'", async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'link', download_url: 'https://example.com/get', price: 19 });
    await expect(downloadProduct(t.db, buyer.id, p.id)).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      status: 402,
      message: 'Buy this product to download it',
    });
    expect(await t.db.selectFrom('downloads').select('id').where('product_id', '=', p.id).execute()).toHaveLength(0);
    await buy(buyer, p.id);
    const result = await downloadProduct(t.db, buyer.id, p.id);
    expect(result.message).toBe('Purchase successful!');
    expect(result.downloadUrl).toBe('https://example.com/get');
    const record = await t.db.selectFrom('downloads').selectAll().where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(record.download_type).toBe('paid');
    expect(Number(record.amount)).toBe(19);
  });

  it('records a second download of a bought product as free: a buyer pays once', async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'link', download_url: 'https://example.com/get', price: 9 });
    await buy(buyer, p.id);
    expect((await downloadProduct(t.db, buyer.id, p.id)).message).toBe('Purchase successful!');
    expect((await downloadProduct(t.db, buyer.id, p.id)).message).toBe('Download started!');
    const rows = await t.db.selectFrom('downloads').select(['download_type', 'amount']).where('product_id', '=', p.id).orderBy('created_at').execute();
    expect(rows.map((r) => [r.download_type, Number(r.amount)])).toEqual([
      ['paid', 9],
      ['free', 0],
    ]);
  });

  it('links private files through the files endpoint, readable only by someone who downloaded', async () => {
    const stored = await blobs.put(`deliverables/${creator.id}/x/workflow.json`, Buffer.from('{"ok":true}'), {
      contentType: 'application/json',
      access: 'private',
    });
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'file', file_urls: [stored.url] });
    const stranger = await createUser(t.db, { userType: 'buyer' });
    await expect(readDeliverable(t.db, blobs, stranger.id, p.id, 'workflow.json')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const result = await downloadProduct(t.db, buyer.id, p.id);
    expect(result.fileUrls).toEqual([`/api/products/${p.id}/files/workflow.json`]);
    const file = await readDeliverable(t.db, blobs, buyer.id, p.id, 'workflow.json');
    expect(file.body.toString()).toBe('{"ok":true}');
    await expect(readDeliverable(t.db, blobs, buyer.id, p.id, '../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a product with nothing to deliver, with the spec message', async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'text', content_text: null });
    await expect(downloadProduct(t.db, buyer.id, p.id)).rejects.toMatchObject({
      message: 'No downloadable content available for this product. Please contact the creator.',
    });
    expect(await t.db.selectFrom('downloads').select('id').where('product_id', '=', p.id).execute()).toHaveLength(0);
  });

  it.each(['draft', 'archived'] as const)('never delivers a %s product, even to its creator', async (status) => {
    const p = await createProduct(t.db, creator.id, { status, content_delivery_type: 'text', content_text: 'secret' });
    await expect(downloadProduct(t.db, buyer.id, p.id)).rejects.toMatchObject({
      code: 'DOWNLOAD_UNAVAILABLE',
      message: 'Product not found or not available for download',
    });
    await expect(downloadProduct(t.db, creator.id, p.id)).rejects.toMatchObject({ code: 'DOWNLOAD_UNAVAILABLE' });
  });

  it("answers the spec's service errors when the database fails, and records nothing", async () => {
    const p = await createProduct(t.db, creator.id, { content_delivery_type: 'text', content_text: 'x' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = await createTestDb();
    await broken.db.destroy();
    await expect(downloadProduct(broken.db, buyer.id, p.id)).rejects.toMatchObject({
      code: 'DOWNLOAD_LOOKUP_FAILED',
      message: 'Error retrieving product information',
    });
    // The lookup works but the recording transaction fails.
    const failing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction')
          return () => {
            throw new Error('simulated failure');
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(downloadProduct(failing, buyer.id, p.id)).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: 'An error occurred while processing your download. Please try again.',
    });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
    expect(await t.db.selectFrom('downloads').select('id').where('product_id', '=', p.id).execute()).toHaveLength(0);
    await broken.close().catch(() => {});
  });

  it('answers not found for an unknown or malformed id', async () => {
    await expect(downloadProduct(t.db, buyer.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'DOWNLOAD_UNAVAILABLE' });
    await expect(downloadProduct(t.db, buyer.id, 'not-a-uuid')).rejects.toMatchObject({ code: 'DOWNLOAD_UNAVAILABLE' });
  });
});

describe('views', () => {
  it('records a view with an empty user for visitors, and refuses drafts', async () => {
    const p = await createProduct(t.db, creator.id);
    expect(await recordView(t.db, { productId: p.id, userId: null, visitorKey: 'k1', sessionId: 'visitor-1', type: 'view', userAgent: 'Mozilla' })).toEqual({
      counted: true,
    });
    const row = await t.db.selectFrom('product_interactions').selectAll().where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, session_id: 'visitor-1', interaction_type: 'view' });
    expect(row.interaction_context).toMatchObject({ userAgent: 'Mozilla' });
    const draft = await createProduct(t.db, creator.id, { status: 'draft' });
    await expect(recordView(t.db, { productId: draft.id, userId: null, visitorKey: 'k1', type: 'view', userAgent: null })).rejects.toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});

describe('favorites', () => {
  it('are idempotent, listed newest first, and only for published products', async () => {
    const a = await createProduct(t.db, creator.id, { title: 'Fav A' });
    const b = await createProduct(t.db, creator.id, { title: 'Fav B' });
    const draft = await createProduct(t.db, creator.id, { title: 'Fav draft', status: 'draft' });
    await addFavorite(t.db, buyer.id, a.id);
    await addFavorite(t.db, buyer.id, a.id);
    await addFavorite(t.db, buyer.id, b.id);
    await expect(addFavorite(t.db, buyer.id, draft.id)).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await listFavorites(t.db, buyer.id)).items.map((p) => p.title).sort()).toEqual(['Fav A', 'Fav B']);
    await t.db.updateTable('products').set({ status: 'archived' }).where('id', '=', b.id).execute();
    expect((await listFavorites(t.db, buyer.id)).items.map((p) => p.title)).toEqual(['Fav A']);
    await removeFavorite(t.db, buyer.id, a.id);
    await removeFavorite(t.db, buyer.id, a.id);
    expect(await listFavorites(t.db, buyer.id)).toEqual({ items: [], nextCursor: null });
  });
});
