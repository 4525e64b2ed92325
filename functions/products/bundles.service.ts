/**
 * Bundles, the creator's side and the product pages (issue 31, docs/decisions/080).
 * - createBundle: POST /api/studio/bundles. A bundle is a product (its page, price, checkout,
 *   orders, refunds, reviews and search are a product's), made here as a draft with a text
 *   deliverable that points to the library, given its items, then published through the same
 *   publish as the editor's (a new creator's waits in review, docs/decisions/031). Its title,
 *   description, images and price are edited afterwards in the studio editor like any product.
 * - setBundleItems: PUT /api/studio/bundles/{id}, all its items at once.
 * - Items: the creator's own published, one-time, fixed-price products that are not bundles
 *   (src/shared/bundles.ts), at least two, the bundle's price below their sum. Another
 *   creator's product is refused with its reason; another creator's bundle is a 404.
 * - The pages: a bundle's page lists its items and the saving; an item's page says
 *   'Also in the bundle X'. Both are stored pages, so a change records them as changed.
 * Called by the routes under src/pages/api/studio/bundles and by the product page.
 */
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { ProductInputSchema } from '@/src/shared/product-schema';
import { AppError } from '../_shared/errors';
import { isUuid } from '@/src/shared/ids';
import { toCents } from '@/src/shared/payments';
import { bundleItemRefusal, bundlePriceRefusal, bundleSavingText, type BundleInput, type BundleItemsInput, type BundleView } from '@/src/shared/bundles';
import { afterCommit, jobsReady } from '../jobs';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { productPath } from '../rebuilds/affected-pages';
import { changeProductStatus, createProduct } from './products.service';
import {
  findItemCandidates,
  findOwnBundle,
  findPublishedBundle,
  listItemChoices,
  listItemsOfBundles,
  listOwnBundles,
  listPublishedBundlesHolding,
  replaceBundleItems,
  updateBundleText,
} from './bundles.repository';

/** The items asked for, checked against the rules, in the order asked; refused with the first reason under productIds. */
async function checkedItems(db: Db, creatorId: string, bundleId: string | null, ids: readonly string[]) {
  const rows = await findItemCandidates(db, ids);
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const items = ids.map((id) => {
    const row = byId.get(id.toLowerCase());
    // An unknown id and another creator's product read the same: nothing about theirs leaks.
    if (!row || row.id === bundleId) throw new AppError('BUNDLE_ITEM_REFUSED', undefined, { productIds: 'A bundle can only hold your own products' });
    const refusal = bundleItemRefusal(
      {
        title: row.title,
        creatorId: row.creator_id,
        status: row.status,
        pricingModel: row.pricing_model,
        payWhatYouWant: row.pay_what_you_want,
        priceCents: toCents(row.price),
        isBundle: row.is_bundle,
      },
      creatorId,
    );
    if (refusal) throw new AppError('BUNDLE_ITEM_REFUSED', refusal, { productIds: refusal });
    return { id: row.id, title: row.title, priceCents: toCents(row.price) };
  });
  return items;
}

function assertSaving(priceCents: number, items: readonly { priceCents: number }[], field: string): void {
  const refusal = bundlePriceRefusal(
    priceCents,
    items.map((i) => i.priceCents),
  );
  if (refusal) throw new AppError('BUNDLE_NOT_A_SAVING', refusal, { [field]: refusal });
}

/** The items' list as the bundle's deliverable says it: the products themselves come from the library. */
function deliverableText(items: readonly { title: string }[]): string {
  return `This bundle gives you ${items.length} products: ${items.map((i) => i.title).join(', ')}. Each one is in your library (/library), where you download it.`;
}

export async function createBundle(db: Db, creatorId: string, input: BundleInput): Promise<BundleView> {
  const items = await checkedItems(db, creatorId, null, input.productIds);
  assertSaving(input.priceCents, items, 'priceCents');
  const saving = bundleSavingText(
    input.priceCents,
    items.map((i) => i.priceCents),
  );
  // A draft first, so no one can buy it before its items are in; then published the editor's way.
  const draft = await createProduct(
    db,
    creatorId,
    z.parse(ProductInputSchema, {
      title: input.title,
      short_description: saving,
      description: input.description ?? `${saving}: ${items.map((i) => i.title).join(', ')}.`,
      price: input.priceCents / 100,
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: deliverableText(items),
      status: 'draft',
    }),
  );
  await db.transaction().execute((trx) =>
    replaceBundleItems(
      trx,
      draft.id,
      items.map((i) => i.id),
    ),
  );
  const published = await changeProductStatus(db, creatorId, draft.id, { status: 'published' });
  // Each item's page says 'Also in the bundle X' from now on.
  await jobsReady(db);
  const event = await db
    .transaction()
    .execute((trx) => recordPageChange(trx, { reason: 'updated', productId: published.id, paths: items.map((i) => productPath(i.id)) }));
  afterCommit(db, [event]);
  const view = await bundleView(db, { id: published.id, title: published.title, status: published.status, price: published.price });
  return view;
}

export async function setBundleItems(db: Db, creatorId: string, id: string, input: BundleItemsInput): Promise<BundleView> {
  if (!isUuid(id)) throw new AppError('BUNDLE_NOT_FOUND');
  const bundle = await findOwnBundle(db, creatorId, id);
  if (!bundle) throw new AppError('BUNDLE_NOT_FOUND');
  const items = await checkedItems(db, creatorId, bundle.id, input.productIds);
  assertSaving(toCents(bundle.price), items, 'productIds');
  const before = await listItemsOfBundles(db, [bundle.id]);
  await jobsReady(db);
  const event = await db.transaction().execute(async (trx) => {
    await replaceBundleItems(
      trx,
      bundle.id,
      items.map((i) => i.id),
    );
    await updateBundleText(trx, bundle.id, deliverableText(items));
    // The bundle's page lists its items; each item's page, old or new, says 'Also in the bundle'.
    const paths = [...new Set([bundle.id, ...before.map((i) => i.id), ...items.map((i) => i.id)].map(productPath))];
    return recordPageChange(trx, { reason: 'updated', productId: bundle.id, paths });
  });
  afterCommit(db, [event]);
  return bundleView(db, bundle);
}

async function bundleView(db: Db, bundle: { id: string; title: string; status: string; price: string | number }): Promise<BundleView> {
  const items = (await listItemsOfBundles(db, [bundle.id])).map((i) => ({ id: i.id, title: i.title, priceCents: toCents(i.price), status: i.status }));
  return toView(bundle, items);
}

function toView(bundle: { id: string; title: string; status: string; price: string | number }, items: BundleView['items']): BundleView {
  const priceCents = toCents(bundle.price);
  const cents = items.map((i) => i.priceCents);
  return {
    id: bundle.id,
    title: bundle.title,
    status: bundle.status,
    priceCents,
    totalCents: cents.reduce((s, c) => s + c, 0),
    savingText: bundleSavingText(priceCents, cents),
    items,
  };
}

/** /sales/bundles: the creator's bundles with their items. */
export async function listMyBundles(db: Db, creatorId: string): Promise<BundleView[]> {
  const bundles = await listOwnBundles(db, creatorId);
  const items = await listItemsOfBundles(
    db,
    bundles.map((b) => b.id),
  );
  return bundles.map((b) =>
    toView(
      b,
      items.filter((i) => i.bundle_id === b.id).map((i) => ({ id: i.id, title: i.title, priceCents: toCents(i.price), status: i.status })),
    ),
  );
}

/** /sales/bundles: the creator's products a new bundle may hold. */
export async function listBundleChoices(db: Db, creatorId: string): Promise<{ id: string; title: string; priceCents: number }[]> {
  return (await listItemChoices(db, creatorId)).map((p) => ({ id: p.id, title: p.title, priceCents: toCents(p.price) }));
}

/**
 * The product page's part: a published bundle's items and saving (null for a product that is
 * not one), and the published bundles holding the product ('Also in the bundle X').
 */
export async function getBundleParts(db: Db, productId: string): Promise<{ bundle: BundleView | null; inBundles: { id: string; title: string }[] }> {
  const [bundle, holding] = await Promise.all([findPublishedBundle(db, productId), listPublishedBundlesHolding(db, productId)]);
  return { bundle: bundle ? await bundleView(db, bundle) : null, inBundles: holding.map((b) => ({ id: b.id, title: b.title })) };
}
