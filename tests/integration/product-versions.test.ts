/**
 * Product versions and the owners' notice (issue 15, docs/decisions/030) on a real database,
 * through the real routes:
 * - the version rules: validated strings, a released product keeps a version, a version string
 *   is never used twice (going back refused), GET round-trips with PUT;
 * - a new version of a published product notifies every owner once (a paid order not refunded,
 *   a free download), never a refunded buyer, a non-owner or the creator, in the save's
 *   transaction; saving again, concurrently or not, notifies nobody twice;
 * - the notice in GET /api/notifications, the history in GET /api/products/{id}/versions, and
 *   the product's page recorded for re-rendering.
 * Both database drivers (DATABASE_URL for the second).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { refundOrder } from '@/functions/payments/orders.service';
import { patchProduct } from '@/functions/products/products.service';
import { ProductPatchSchema } from '@/src/shared/api/schemas/products';
import { getFeed } from '@/functions/notifications/notifications.service';
import { GET as ownProductRoute, PATCH as patchRoute, PUT as putRoute } from '@/src/pages/api/me/products/[id]';
import { GET as versionsRoute } from '@/src/pages/api/products/[id]/versions';
import { GET as feedRoute } from '@/src/pages/api/notifications';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: TestSession;

let addressCounter = 0;
const freshAddress = () => `198.19.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const patch = (id: string, body: unknown, session: TestSession = creator) =>
  call(patchRoute, `/api/me/products/${id}`, { method: 'PATCH', session, params: { id }, json: body, address: freshAddress() });
const noticesOf = (productId: string) =>
  t.db
    .selectFrom('user_notifications as n')
    .innerJoin('product_versions as v', 'v.id', 'n.product_version_id')
    .select(['n.user_id', 'v.version'])
    .where('v.product_id', '=', productId)
    .execute();

async function paidProduct(title: string) {
  return createProduct(t.db, creator.userId, {
    title,
    description: 'A workflow that enriches leads from a CSV with company data and writes a clean sheet back.',
    price: 29,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'THE WORKFLOW',
  });
}

/** A product with an owner of each kind, a refunded buyer and a bystander who only favorited it. */
async function productWithOwners(title: string) {
  const product = await paidProduct(title);
  const [payer, refunded, freeDownloader, bystander] = await Promise.all([
    createUser(t.db, { userType: 'buyer' }),
    createUser(t.db, { userType: 'buyer' }),
    createUser(t.db, { userType: 'community' }),
    createUser(t.db, { userType: 'buyer' }),
  ]);
  await buyLocally(t.db, deps, payer, product.id);
  const refundedOrder = await buyLocally(t.db, deps, refunded, product.id);
  await refundOrder(t.db, deps, refunded.id, refundedOrder);
  // Downloaded while the product was free (it kept that owner when it became paid).
  await t.db
    .insertInto('downloads')
    .values({ user_id: freeDownloader.id, product_id: product.id, download_type: 'free', amount: 0, created_at: new Date() })
    .execute();
  await t.db.insertInto('favorites').values({ user_id: bystander.id, product_id: product.id }).execute();
  return { product, payer, refunded, freeDownloader, bystander };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Vera Versioner');
  await t.db
    .insertInto('payout_accounts')
    .values({ creator_id: creator.userId, stripe_account_id: 'acct_test_versions', is_ready: true, updated_at: new Date() })
    .execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('version rules', () => {
  it('validates the version string and the notes with field messages', async () => {
    const product = await paidProduct('Version rules product');
    for (const bad of ['one point one', '1..2', '1.2.3.4.5', `1.${'9'.repeat(40)}`, '-1', 12]) {
      const answer = await patch(product.id, { version: bad });
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { version: expect.any(String) } });
    }
    const notes = await patch(product.id, { version: '1.0', release_notes: 'x'.repeat(5001) });
    expect(notes.status).toBe(400);
    expect(notes.body.error.fields).toHaveProperty('release_notes');
    // A leading v is dropped; pre-release tags are fine.
    const ok = await patch(product.id, { version: 'v1.0.0-beta.1', release_notes: 'First public beta.' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ version: '1.0.0-beta.1', release_notes: 'First public beta.' });
  });

  it('comes back from GET and is replaced by PUT unchanged (the round trip)', async () => {
    const product = await paidProduct('Round trip product');
    expect((await patch(product.id, { version: '2.0', release_notes: 'Rewritten from scratch.' })).status).toBe(200);
    const read = await call(ownProductRoute, `/api/me/products/${product.id}`, { session: creator, params: { id: product.id } });
    expect(read.body).toMatchObject({ version: '2.0', release_notes: 'Rewritten from scratch.' });
    const put = await call(putRoute, `/api/me/products/${product.id}`, {
      method: 'PUT',
      session: creator,
      params: { id: product.id },
      json: read.body,
      address: freshAddress(),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: '2.0', release_notes: 'Rewritten from scratch.' });
  });

  it('refuses going back to a version used before, and clearing the version of a released product', async () => {
    const product = await paidProduct('No going back product');
    expect((await patch(product.id, { version: '1.0' })).status).toBe(200);
    expect((await patch(product.id, { version: '1.1', release_notes: 'Faster.' })).status).toBe(200);
    const back = await patch(product.id, { version: '1.0' });
    expect(back.status).toBe(400);
    expect(back.body.error.fields.version).toMatch(/released before/);
    const cleared = await patch(product.id, { version: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.fields.version).toMatch(/keep a version number/);
    // Refused saves changed nothing.
    const row = await t.db.selectFrom('products').select(['version', 'release_notes']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ version: '1.1', release_notes: 'Faster.' });
    // Editing the current version's notes is fine and corrects its history entry.
    expect((await patch(product.id, { release_notes: 'Faster, and fixes the CSV import.' })).status).toBe(200);
    const history = await call(versionsRoute, `/api/products/${product.id}/versions`, { params: { id: product.id } });
    expect(history.status).toBe(200);
    expect(history.body.items.map((v: { version: string; notes: string | null }) => [v.version, v.notes])).toEqual([
      ['1.1', 'Faster, and fixes the CSV import.'],
      ['1.0', null],
    ]);
    expect(history.body.nextCursor).toBeNull();
  });

  it("a draft's version is released when it is published, and only published products have a public history", async () => {
    const product = await paidProduct('Draft versions product');
    expect((await patch(product.id, { status: 'draft', version: '0.9' })).status).toBe(200);
    expect(await t.db.selectFrom('product_versions').select('version').where('product_id', '=', product.id).execute()).toEqual([]);
    expect((await call(versionsRoute, `/api/products/${product.id}/versions`, { params: { id: product.id } })).status).toBe(404);
    expect((await patch(product.id, { status: 'published' })).status).toBe(200);
    expect((await call(versionsRoute, `/api/products/${product.id}/versions`, { params: { id: product.id } })).body.items).toEqual([
      { version: '0.9', notes: null, releasedAt: expect.any(String) },
    ]);
  });

  it("another creator cannot version someone else's product", async () => {
    const product = await paidProduct('Not yours product');
    const other = await signUp('creator', 'Otto Other');
    expect((await patch(product.id, { version: '9.9' }, other)).status).toBe(404);
    expect(await t.db.selectFrom('product_versions').select('version').where('product_id', '=', product.id).execute()).toEqual([]);
  });
});

describe("owners' notices", () => {
  it('a new version notifies each owner once: paid and free owners, never refunded buyers, bystanders or the creator', async () => {
    const { product, payer, refunded, freeDownloader, bystander } = await productWithOwners('Owned workflow');
    // The first version of a product already out is a new version for its owners.
    expect((await patch(product.id, { version: '1.0' })).status).toBe(200);
    const first = await noticesOf(product.id);
    expect(first.map((n) => n.user_id).sort()).toEqual([payer.id, freeDownloader.id].sort());

    // Saving again (same version, other fields, notes) notifies nobody again; concurrent saves of a new version notify once.
    expect((await patch(product.id, { price: 31 })).status).toBe(200);
    expect(await noticesOf(product.id)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => patch(product.id, { version: '1.1', release_notes: 'Adds HubSpot export.' })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const all = await noticesOf(product.id);
    expect(
      all
        .filter((n) => n.version === '1.1')
        .map((n) => n.user_id)
        .sort(),
    ).toEqual([payer.id, freeDownloader.id].sort());
    expect(all.some((n) => [refunded.id, bystander.id, creator.userId].includes(n.user_id))).toBe(false);

    // The payer's feed (the API) leads to the product; the bystander's has nothing of it.
    const feed = await getFeed(t.db, payer.id);
    expect(feed.items[0]).toMatchObject({
      kind: 'product_version',
      productId: product.id,
      productTitle: 'Owned workflow',
      version: '1.1',
      notes: 'Adds HubSpot export.',
      isRead: false,
    });
    expect(feed.unreadCount).toBe(2);
    expect((await getFeed(t.db, bystander.id)).items).toEqual([]);
  });

  it('the notice is in GET /api/notifications with the declared shape', async () => {
    const { product } = await productWithOwners('Feed shape workflow');
    const buyer = await signUp('buyer', 'Bea Buyer');
    await buyLocally(t.db, deps, { id: buyer.userId, email: buyer.email }, product.id);
    expect((await patch(product.id, { version: '3.0', release_notes: 'New engine.' })).status).toBe(200);
    const answer = await call(feedRoute, '/api/notifications', { session: buyer });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([
      {
        kind: 'product_version',
        id: expect.any(String),
        notificationId: expect.any(String),
        isRead: false,
        createdAt: expect.any(String),
        productId: product.id,
        productTitle: 'Feed shape workflow',
        version: '3.0',
        notes: 'New engine.',
      },
    ]);
  });

  it('a failing notice write rolls the release and the save back', async () => {
    const { product } = await productWithOwners('Rollback workflow');
    // A trigger that refuses version notices: the save must fail whole.
    await sql`create function refuse_version_notice() returns trigger language plpgsql as $$ begin if new.kind = 'product_version' then raise exception 'no notices today'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_version_notice before insert on user_notifications for each row execute function refuse_version_notice()`.execute(t.db);
    try {
      await expect(
        patchProduct(t.db, creator.userId, product.id, z.parse(ProductPatchSchema, { version: '5.0', release_notes: 'Should not land.' })),
      ).rejects.toThrow(/no notices today/);
    } finally {
      await sql`drop trigger refuse_version_notice on user_notifications`.execute(t.db);
    }
    const row = await t.db.selectFrom('products').select('version').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.version).toBeNull();
    expect(await t.db.selectFrom('product_versions').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
    expect(await noticesOf(product.id)).toEqual([]);
  });

  it("records the product's page for re-rendering when a version is released", async () => {
    const product = await paidProduct('Rerender workflow');
    expect((await patch(product.id, { version: '1.0', release_notes: 'Hello.' })).status).toBe(200);
    const requests = await t.db.selectFrom('rebuild_requests').select(['paths']).where('product_id', '=', product.id).execute();
    expect(requests.some((r) => (r.paths as string[]).includes(`/product/${product.id}`))).toBe(true);
  });
});
