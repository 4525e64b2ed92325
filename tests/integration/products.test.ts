/**
 * The products API's rules: the shared schema, ownership (another user's product does not
 * exist for them and nothing changes), and content rebuilds requested and coalesced.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeProductStatus, createProduct, deleteProduct, getOwnProduct, listMyProducts, updateProduct } from '../../functions/products/products.service';
import { requestRebuild } from '../../functions/rebuilds/rebuilds.service';
import { searchCatalogue } from '../../functions/catalogue/search.service';
import { createUser, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let owner: { id: string };
let intruder: { id: string };

const valid = {
  title: 'Claude Contract Review Prompt Pack',
  description: 'Twenty prompts that help you review contracts with Claude. Use them to spot risky clauses and save hours.',
  content_delivery_type: 'text',
  content_text: 'Prompt one...',
  category_id: 'business',
  tags: [' ai ', 'legal', 'ai', ''],
};

beforeAll(async () => {
  t = await createTestDb();
  await ensureCategories(t.db);
  owner = await createUser(t.db);
  intruder = await createUser(t.db);
});
afterAll(async () => t?.close());

const pendingReasons = async () => (await t.db.selectFrom('rebuild_requests').select(['reason']).where('started_at', 'is', null).orderBy('id').execute()).map((r) => r.reason);
const clearRequests = () => t.db.deleteFrom('rebuild_requests').execute();

describe('create', () => {
  it('defaults to draft, cleans list entries, and ignores fields a client may not set', async () => {
    const p = await createProduct(t.db, owner.id, { ...valid, creator_id: intruder.id, downloads_count: 999, rating: 5, status: 'weird' });
    expect(p).toMatchObject({ creator_id: owner.id, status: 'draft', downloads_count: 0, rating: 0, tags: ['ai', 'legal'], pricing_model: 'one_time', success_rate: 85 });
    expect(p.short_description).toBeNull();
  });

  it('refuses invalid input with field messages and saves nothing', async () => {
    const before = (await listMyProducts(t.db, owner.id, {})).length;
    const error = await createProduct(t.db, owner.id, { ...valid, title: 'Short', demo_url: 'ftp://x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    const messages = (error as ZodError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('title: Title must be at least 10 characters');
    expect(messages).toContain('demo_url: URL should start with http:// or https://');
    expect((await listMyProducts(t.db, owner.id, {})).length).toBe(before);
  });

  it('forces price 0 for the free pricing model and turns an unparseable price into 0', async () => {
    expect((await createProduct(t.db, owner.id, { ...valid, pricing_model: 'free', price: 25 })).price).toBe(0);
    expect((await createProduct(t.db, owner.id, { ...valid, price: 'abc' })).price).toBe(0);
  });
});

describe('ownership', () => {
  it("another user cannot read, update, change the status of, or delete a product, and nothing changes", async () => {
    const p = await createProduct(t.db, owner.id, { ...valid, status: 'draft' });
    await expect(getOwnProduct(t.db, intruder.id, p.id)).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(updateProduct(t.db, intruder.id, p.id, { ...valid, title: 'Hijacked product title' })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(changeProductStatus(t.db, intruder.id, p.id, { status: 'published' })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(deleteProduct(t.db, intruder.id, p.id)).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    const after = await getOwnProduct(t.db, owner.id, p.id);
    expect(after).toMatchObject({ title: valid.title, status: 'draft' });
    expect(after.updated_at).toEqual(p.updated_at);
    expect((await listMyProducts(t.db, intruder.id, {})).map((x) => x.id)).not.toContain(p.id);
  });

  it("a draft is invisible in public search until published, and gone again when unpublished", async () => {
    const p = await createProduct(t.db, owner.id, { ...valid, title: 'Zebra Unique Workflow Draft' });
    const find = async () => (await searchCatalogue(t.db, { search: 'zebra unique' })).items.map((x) => x.id);
    expect(await find()).toEqual([]);
    await changeProductStatus(t.db, owner.id, p.id, { status: 'published' });
    expect(await find()).toEqual([p.id]);
    await changeProductStatus(t.db, owner.id, p.id, { status: 'archived' });
    expect(await find()).toEqual([]);
  });
});

describe('rebuild requests', () => {
  it('are recorded for publishing changes only', async () => {
    await clearRequests();
    const p = await createProduct(t.db, owner.id, valid);
    await updateProduct(t.db, owner.id, p.id, { ...valid, title: 'A draft edit stays private' });
    expect(await pendingReasons()).toEqual([]);
    await changeProductStatus(t.db, owner.id, p.id, { status: 'published' });
    await updateProduct(t.db, owner.id, p.id, { ...valid, status: 'published', title: 'An edit of a published product' });
    await changeProductStatus(t.db, owner.id, p.id, { status: 'draft' });
    const q = await createProduct(t.db, owner.id, { ...valid, status: 'published' });
    await deleteProduct(t.db, owner.id, q.id);
    expect(await pendingReasons()).toEqual(['published', 'updated', 'unpublished', 'published', 'deleted']);
  });

  it('call the deploy hook once for a burst of changes', async () => {
    await clearRequests();
    let calls = 0;
    const hook = http.createServer((_req, res) => {
      calls++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      for (let i = 0; i < 5; i++) await requestRebuild(t.db, 'updated', null, url);
      expect(calls).toBe(1);
      const rows = await t.db.selectFrom('rebuild_requests').select(['started_at', 'finished_at', 'error']).execute();
      expect(rows).toHaveLength(5);
      expect(rows.filter((r) => r.finished_at && !r.error)).toHaveLength(1);
    } finally {
      hook.close();
    }
  });
});
