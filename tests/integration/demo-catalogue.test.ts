/**
 * The seeded demo catalogue works for a buyer and its figures are true (issue 15):
 * - every published demo product delivers through the real download route (files read back
 *   byte for byte through the file route from the blob store, links to real sites, text);
 * - every counter the demo shows is what its rows produce: a product's downloads are the
 *   people who downloaded it, a creator's sales and earnings are their paid orders, and every
 *   paid download is backed by a paid order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { seedDemo, seedDemoCounters, storeDemoDeliverables } from '@/db/seed/seed';
import { loadDemoData } from '@/db/seed/demo-data';
import { demoProductId } from '@/db/seed/ids';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore, storeIdFromToken, VercelBlobStore, type VercelBlobClient } from '@/functions/_shared/blob-store';
import { purchaseKind } from '@/src/shared/payments';
import { isPlaceholderUrl } from '@/src/shared/placeholder-hosts';
import { POST as downloadRoute } from '@/src/pages/api/products/[id]/download';
import { GET as fileRoute } from '@/src/pages/api/products/[id]/files/[name]';
import { call, signUp } from '../support/api';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let blobDir: string;
const demo = loadDemoData();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-demo-'));
  const blobs = new LocalBlobStore(blobDir);
  setBlobStore(blobs);
  await seedDemo(t.db, blobs);
  // The seed renders every demo image: slow on a busy machine.
}, 600_000);

afterAll(async () => {
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows;

describe('the demo counters', () => {
  it("count each product's downloads from the people who downloaded it, and no product shows an invented figure", async () => {
    const products = await rows(sql<{ id: string; downloads_count: number; people: string | number; views_count: number; recorded_views: string | number }>`
      select p.id, p.downloads_count, p.views_count,
        (select count(distinct d.user_id) from downloads d where d.product_id = p.id) as people,
        (select count(*) from product_interactions i where i.product_id = p.id and i.interaction_type = 'view') as recorded_views
      from products p
    `);
    expect(products).toHaveLength(demo.products.length);
    for (const p of products) {
      expect(p.downloads_count, p.id).toBe(Number(p.people));
      // Views are a lifetime total: at least every view recorded and every download.
      expect(p.views_count, p.id).toBeGreaterThanOrEqual(Math.max(Number(p.recorded_views), p.downloads_count));
    }
    expect(products.some((p) => p.downloads_count > 0)).toBe(true);
  });

  it("count every creator's sales and earnings from their paid orders", async () => {
    const creators = await rows(sql<{ id: string; total_sales: number; total_earnings: string | number; orders: string | number; net: string | number }>`
      select p.id, p.total_sales, p.total_earnings,
        (select count(*) from orders o where o.creator_id = p.id and o.status = 'paid') as orders,
        (select coalesce(sum(o.amount_cents - o.fee_cents), 0) from orders o where o.creator_id = p.id and o.status = 'paid') as net
      from profiles p
    `);
    expect(creators.length).toBe(demo.users.length);
    for (const c of creators) {
      expect(c.total_sales, c.id).toBe(Number(c.orders));
      expect(Math.round(Number(c.total_earnings) * 100), c.id).toBe(Number(c.net));
    }
    expect(creators.some((c) => c.total_sales > 0)).toBe(true);
  });

  it('back every paid download with a paid order of the same buyer, product and price', async () => {
    const unbacked = await rows(sql<{ id: string }>`
      select d.id from downloads d join products p on p.id = d.product_id
      where d.download_type = 'paid' and p.pricing_model <> 'freemium' and not exists (
        select 1 from orders o where o.buyer_id = d.user_id and o.product_id = d.product_id and o.status = 'paid'
          and o.amount_cents = round(p.price * 100)
      )
    `);
    expect(unbacked).toEqual([]);
    const orders = await rows(sql<{ n: string | number }>`select count(*) as n from orders`);
    expect(Number(orders[0]!.n)).toBeGreaterThan(0);
  });

  it("record each demo view as its day's visit, so 'Where buyers come from' agrees with the views (a visitor once a day)", async () => {
    const [visits] = await rows(sql<{ n: number }>`select count(*)::int as n from product_visits where referrer_host is null and utm_source is null`);
    const [views] = await rows(
      sql<{
        n: number;
      }>`select count(distinct (product_id, (created_at at time zone 'UTC')::date, session_id))::int as n from product_interactions where interaction_type = 'view'`,
    );
    expect(visits!.n).toBeGreaterThan(0);
    expect(visits!.n).toBe(views!.n);
  });

  it('are counted, not added: counting again changes nothing', async () => {
    const before = await rows(sql<{ id: string; downloads_count: number }>`select id, downloads_count from products order by id`);
    await seedDemoCounters(t.db, demo);
    expect(await rows(sql<{ id: string; downloads_count: number }>`select id, downloads_count from products order by id`)).toEqual(before);
  });
});

describe("every demo product's delivery works for a buyer, through the download route", () => {
  const published = demo.products.filter((p) => p.input.status === 'published');

  it('delivers files from the blob store byte for byte, links to real sites and the text content', async () => {
    let buyer = await signUp('buyer', 'Demo Buyer');
    let files = 0;
    for (const [index, p] of published.entries()) {
      // A buyer downloads at most 60 products in 10 minutes (the download rate limit): a new one every 40.
      if (index > 0 && index % 40 === 0) buyer = await signUp('buyer', 'Demo Buyer');
      const user = { id: buyer.userId, email: buyer.email };
      const id = demoProductId(p.key);
      if (purchaseKind({ price: p.input.price, pricingModel: p.input.pricing_model })) await buyLocally(t.db, testDeps(), user, id);
      const answer = await call(downloadRoute, `/api/products/${id}/download`, { method: 'POST', session: buyer, params: { id } });
      expect(answer.status, p.key).toBe(200);
      const { contentText, downloadUrl, fileUrls } = answer.body as { contentText: string | null; downloadUrl: string | null; fileUrls: string[] };
      expect(Boolean(contentText) || Boolean(downloadUrl) || fileUrls.length > 0, p.key).toBe(true);
      if (contentText !== null) expect(contentText, p.key).toBe(p.input.content_text);
      if (downloadUrl !== null) {
        expect(downloadUrl, p.key).toMatch(/^https:\/\//);
        expect(isPlaceholderUrl(downloadUrl), `${p.key}: ${downloadUrl}`).toBe(false);
      }
      expect(fileUrls, p.key).toHaveLength(p.files.length);
      for (const file of p.files) {
        const url = `/api/products/${id}/files/${encodeURIComponent(file.name)}`;
        expect(fileUrls, p.key).toContain(url);
        const got = await call(fileRoute, url, { session: buyer, params: { id, name: file.name } });
        expect(got.status, `${p.key}/${file.name}`).toBe(200);
        expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${file.name}"`);
        expect(got.bytes.equals(file.bytes), `${p.key}/${file.name}`).toBe(true);
        files++;
      }
    }
    expect(files).toBe(published.reduce((n, p) => n + p.files.length, 0));
    expect(files).toBeGreaterThan(30);
  });

  it('serves the same files from Vercel Blob when the seed stores them there (BLOB_READ_WRITE_TOKEN)', async () => {
    // An in-memory stand-in for @vercel/blob's SDK (the store's own contract is tests/unit/vercel-blob-store.test.ts).
    const files = new Map<string, Buffer>();
    const client: VercelBlobClient = {
      async put(pathname, body, options) {
        files.set(`${storeIdFromToken(options.token)}:${pathname}`, Buffer.from(body));
        return { url: `https://${storeIdFromToken(options.token)}.${options.access}.blob.vercel-storage.com/${pathname}`, pathname };
      },
      async del(pathname, options) {
        files.delete(`${storeIdFromToken(options.token)}:${pathname}`);
      },
      async get(pathname, options) {
        const body = files.get(`${storeIdFromToken(options.token)}:${pathname}`);
        return body ? { statusCode: 200, stream: new Blob([new Uint8Array(body)]).stream() } : null;
      },
    };
    const vercel = new VercelBlobStore(client, 'vercel_blob_rw_PubStore123_secretA', 'vercel_blob_rw_PrivStore456_secretB');
    const withFiles = published.filter((p) => p.files.length > 0);
    for (const p of withFiles) await storeDemoDeliverables(vercel, p);
    expect(files.size).toBe(withFiles.reduce((n, p) => n + p.files.length, 0));
    setBlobStore(vercel);
    try {
      const buyer = await signUp('buyer', 'Vercel Buyer');
      for (const p of withFiles.filter((x) => !purchaseKind({ price: x.input.price, pricingModel: x.input.pricing_model })).slice(0, 5)) {
        const id = demoProductId(p.key);
        expect((await call(downloadRoute, `/api/products/${id}/download`, { method: 'POST', session: buyer, params: { id } })).status).toBe(200);
        for (const file of p.files) {
          const got = await call(fileRoute, `/api/products/${id}/files/${file.name}`, { session: buyer, params: { id, name: file.name } });
          expect(got.status, `${p.key}/${file.name}`).toBe(200);
          expect(got.bytes.equals(file.bytes), `${p.key}/${file.name}`).toBe(true);
        }
      }
    } finally {
      setBlobStore(new LocalBlobStore(blobDir));
    }
  });

  it("refuses a demo product's file to someone who has not downloaded it", async () => {
    const stranger = await signUp('buyer', 'Stranger');
    const p = published.find((x) => x.files.length > 0 && !purchaseKind({ price: x.input.price, pricingModel: x.input.pricing_model }))!;
    const id = demoProductId(p.key);
    const got = await call(fileRoute, `/api/products/${id}/files/${p.files[0]!.name}`, { session: stranger, params: { id, name: p.files[0]!.name } });
    expect(got.status).toBe(403);
  });
});
