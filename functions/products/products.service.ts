/**
 * A creator's products: list (keyset pages), read, create, replace (PUT), change (PATCH) and
 * delete, with ownership enforced here (a product of someone else does not exist for the
 * caller, and nothing changes) and a 'pages.changed' event recorded in the transaction of every
 * change that affects public pages (docs/decisions/061). Input arrives parsed by the route's
 * schemas (src/shared/api/routes/products.ts, docs/decisions/024): PUT replaces every field,
 * PATCH changes the fields it sent.
 *
 * Publishing (a save that makes a product published) is for creators with a verified email:
 * 403 NOT_A_CREATOR, else 403 EMAIL_NOT_VERIFIED (docs/decisions/012). Drafts may be prepared
 * by anyone; a listing already published stays editable.
 *
 * Every product returned carries its `qualityScore` (src/shared/quality-score.ts, the same
 * module the editor scores with). Private deliverables must come from the creator's own
 * folder; files a save or delete leaves unused are released from the blob store.
 *
 * A save that makes a product published enqueues the creator's product.published webhook in
 * the same transaction, decided under a lock on the product's row so two concurrent publishes
 * give one event (functions/webhooks/deliveries.service.ts, docs/decisions/027). The same
 * transaction applies the version rules and releases a new version to its owners
 * (functions/versions, docs/decisions/030).
 *
 * Publishing that resists spam (issue 15, docs/decisions/031): a title nearly the same as one
 * of the creator's other products is refused (409 DUPLICATE_TITLE on `title`), and a save asking
 * for 'published' answers 'in_review' while the creator's first products wait for an
 * administrator (functions/products/review-queue.service.ts approves them through
 * publishAfterReview, the same steps as a publish here).
 */
import { isToolTypeValue } from '../tools/tools.service';
import { isAiToolId } from '@/src/shared/ai-tool-ids';
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { assertEmailVerified } from '../_shared/auth-guard';
import { decodeCursor, pageOf } from '../_shared/cursor';
import type { ProductInput } from '@/src/shared/product-schema';
import { isOneOf, type CategoryId, type ProductStatus } from '@/src/shared/domain';
import { LIMIT_MAX } from '@/src/shared/api/contract';
import type { OwnerProduct, ProductPatch } from '@/src/shared/api/schemas/products';
import type { ProductUpdate } from '@/db/schema';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { pagesShowingProduct } from '../rebuilds/affected-pages';
import { scoreProduct } from '@/src/shared/quality-score';
import { PRIVATE_PREFIX, type BlobStore } from '../_shared/blob-store';
import { deliverablePrefix, releaseUnusedUploads } from '../uploads/uploads.service';
import {
  deleteOwnProduct,
  findNearDuplicateTitle,
  findOwnProduct,
  findProductCreator,
  isRemovedProduct,
  findPublisherStanding,
  findReviewStanding,
  hasDownloads,
  hasOrders,
  LISTED_STATUSES,
  insertProduct,
  listOwnProducts,
  lockOwnProduct,
  updateOwnProduct,
  type OwnerProductRow,
} from './products.repository';
import { enqueueProductPublished } from '../webhooks/deliveries.service';
import { afterCommit, enqueue, jobsReady, type CommittedEvent, type EventName, type PageChangeReason } from '../jobs';
import { NEW_PRODUCT_FAN_OUT } from '../notifications/new-product.job';
import { isTimestampText, isUuid } from '@/src/shared/ids';
import { newCreatorReview } from '@/env';
import { releaseVersionInTrx } from '../versions/versions.service';
import { assertNotSuspended } from '../_shared/suspension';
import { pwywFieldErrors } from '@/src/shared/pwyw';
import { bundlePriceRefusal } from '@/src/shared/bundles';
import { toCents } from '@/src/shared/payments';
import { listItemsOfBundles } from './bundles.repository';

function notFound(): never {
  throw new AppError('PRODUCT_NOT_FOUND');
}

/** Columns from validated input; absent optional fields are stored as null. The demo seed stores its products with it too. */
export function toColumns(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    short_description: input.short_description ?? null,
    status: input.status,
    price: input.price,
    category_id: input.category_id ?? null,
    tags: input.tags,
    demo_url: input.demo_url ?? null,
    download_url: input.download_url ?? null,
    image_url: input.image_url ?? null,
    featured_image_url: input.featured_image_url ?? null,
    additional_images: input.additional_images,
    video_demo_url: input.video_demo_url ?? null,
    ai_tool_type: input.ai_tool_type ?? null,
    content_type: input.content_type ?? null,
    pricing_model: input.pricing_model,
    technical_level: input.technical_level ?? null,
    deployment_type: input.deployment_type,
    compatibility_tags: input.compatibility_tags,
    use_cases: input.use_cases,
    required_skills: input.required_skills,
    output_types: input.output_types,
    integration_complexity: input.integration_complexity ?? null,
    success_rate: input.success_rate ?? null,
    avg_setup_time: input.avg_setup_time ?? null,
    content_delivery_type: input.content_delivery_type,
    content_text: input.content_text ?? null,
    file_urls: input.file_urls,
    download_instructions: input.download_instructions ?? null,
    issues_license_keys: input.issues_license_keys,
    refund_policy: input.refund_policy,
    pay_what_you_want: input.pay_what_you_want,
    suggested_price: input.suggested_price ?? null,
    demo_links: JSON.stringify(input.demo_links),
    access_requirements: JSON.stringify(input.access_requirements),
    version: input.version ?? null,
    release_notes: input.release_notes ?? null,
  };
}

/**
 * A private deliverable reference must point into the creator's own folder: otherwise a
 * creator could attach (and, through a download, read) another creator's paid files.
 */
function assertOwnFiles(creatorId: string, fileUrls: readonly string[]): void {
  const own = `${PRIVATE_PREFIX}${deliverablePrefix(creatorId)}`;
  const foreign = fileUrls.find((u) => u.startsWith(PRIVATE_PREFIX) && (!u.startsWith(own) || u.includes('..')));
  if (foreign) throw new AppError('VALIDATION_FAILED', undefined, { file_urls: 'Invalid file reference' });
}

/** A product's AI tool: a tool of the directory (an approved ai_tools row) or 'custom' (docs/decisions/038). */
async function assertToolType(db: Db, value: string | null | undefined): Promise<void> {
  if (!value || isAiToolId(value)) return;
  if (!(await isToolTypeValue(db, value))) throw new AppError('VALIDATION_FAILED', undefined, { ai_tool_type: 'Unknown AI tool' });
}

/** Every stored file a product row refers to. */
function filesOf(row: Pick<OwnerProductRow, 'image_url' | 'featured_image_url' | 'additional_images' | 'file_urls'>): string[] {
  return [row.image_url, row.featured_image_url, ...row.additional_images, ...row.file_urls].filter((u): u is string => Boolean(u));
}

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

/** A product row as the API answers it (src/shared/api/schemas/products.ts): numbers as numbers, times as ISO text, its quality score. */
function toOwnerProduct(row: OwnerProductRow): OwnerProduct {
  const { created_at_text: _position, ...columns } = row as OwnerProductRow & { created_at_text?: string };
  return {
    ...columns,
    price: Number(row.price),
    suggested_price: row.suggested_price === null ? null : Number(row.suggested_price),
    rating: Number(row.rating),
    community_score: Number(row.community_score),
    // Written only through the product schema, whose access requirements are text.
    access_requirements: row.access_requirements as Record<string, string>,
    submitted_at: row.submitted_at ? iso(row.submitted_at) : null,
    published_at: row.published_at ? iso(row.published_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    qualityScore: scoreProduct(row),
  };
}

/** What a change of status (`after` null: deleted) does to the catalogue pages, if anything. */
function pageChangeReason(before: string | null, after: string | null): PageChangeReason | null {
  if (after === 'published') return before === 'published' ? 'updated' : 'published';
  if (before !== 'published') return null;
  if (after === 'archived') return 'archived';
  if (after === null) return 'deleted';
  // Back to draft, or 'rejected' when the team removes it (removeFromMarketplace).
  return 'unpublished';
}

/** The pages that show the product now or showed it before the change (both AI tools after a move). */
function pagesOf(row: { id: string; ai_tool_type: string | null }, before?: { ai_tool_type: string | null }): string[] {
  return pagesShowingProduct({ id: row.id, toolIds: [row.ai_tool_type, before?.ai_tool_type] });
}

/**
 * Read from the database, not the session: the rule holds for every caller, and a user who
 * has just verified or switched to creator is not refused by a stale session.
 */
async function assertMayPublish(db: Db, userId: string, before: string | null, after: string): Promise<void> {
  if (after !== 'published' || before === 'published') return;
  // A suspended account publishes nothing until its suspension ends (docs/decisions/037).
  await assertNotSuspended(db, userId, 'publish products');
  const standing = await findPublisherStanding(db, userId);
  if (standing?.user_type !== 'creator') throw new AppError('NOT_A_CREATOR');
  assertEmailVerified({ emailVerified: standing.email_verified });
}

/**
 * 409 DUPLICATE_TITLE, with a message on `title`, when the creator has another listing (published,
 * in review or rejected) whose title is nearly the same (pg_trgm similarity above 0.8): one
 * listing, not several copies of it. Checked when a product becomes a listing or a listing is
 * renamed; drafts may share a title (a copy to rework is not spam until it is published).
 */
async function assertDistinctTitle(db: Db, creatorId: string, title: string, exceptId?: string): Promise<void> {
  const twin = await findNearDuplicateTitle(db, creatorId, title, exceptId);
  if (!twin) return;
  throw new AppError('DUPLICATE_TITLE', undefined, {
    title: `You already have a product called “${twin.title}”. Give this one a title that says how it is different, or edit that product instead.`,
  });
}

const isListed = (status: ProductStatus) => isOneOf(LISTED_STATUSES, status);

/** An account is new for 7 days; until 3 of its products have been public, new ones wait for review. */
const REVIEW_ACCOUNT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const REVIEWED_PRODUCTS = 3;

/**
 * Whether a product about to be published waits for an administrator instead (docs/decisions/031):
 * the queue is on (NEW_CREATOR_REVIEW), the product has never been public, the account is younger
 * than 7 days or its email is unverified, and fewer than 3 of its products have been public.
 */
export function needsReview(
  standing: { createdAt: Date; emailVerified: boolean; publicProducts: number },
  product: { everPublic: boolean },
  now = new Date(),
  enabled = newCreatorReview(),
): boolean {
  if (!enabled || product.everPublic || standing.publicProducts >= REVIEWED_PRODUCTS) return false;
  return now.getTime() - standing.createdAt.getTime() < REVIEW_ACCOUNT_AGE_MS || !standing.emailVerified;
}

/**
 * The status a save stores: a creator asks for draft, published or archived; 'published' (or
 * 'in_review', as a GET sent back unchanged says) becomes 'in_review' while needsReview holds.
 * 'rejected' is an administrator's answer: it may be sent back unchanged, not chosen.
 */
async function resolveStatus(
  db: Db,
  creatorId: string,
  before: { id: string; status: ProductStatus; published_at: Date | string | null } | null,
  requested: ProductStatus,
): Promise<ProductStatus> {
  if (requested === 'rejected') {
    if (before?.status === 'rejected') return 'rejected';
    throw new AppError('VALIDATION_FAILED', undefined, { status: 'Only a review can reject a product: choose Draft, Published or Archived' });
  }
  if (requested !== 'published' && requested !== 'in_review') return requested;
  if (before?.status === 'published') return 'published';
  // Removed from the marketplace by the team (docs/decisions/037): never public again from the studio.
  if (before && (await isRemovedProduct(db, before.id))) throw new AppError('PRODUCT_REMOVED');
  await assertMayPublish(db, creatorId, before?.status ?? null, 'published');
  const standing = await findReviewStanding(db, creatorId, REVIEWED_PRODUCTS);
  if (!standing) return 'published';
  const queued = needsReview(
    { createdAt: new Date(standing.created_at), emailVerified: standing.email_verified, publicProducts: Number(standing.public_products ?? 0) },
    { everPublic: Boolean(before?.published_at) },
  );
  return queued ? 'in_review' : 'published';
}

/** The review columns for a save that stores `status`: entering the queue stamps it and clears an old rejection's reason. */
function reviewColumns(before: { status: ProductStatus } | null, status: ProductStatus): Pick<ProductUpdate, 'submitted_at' | 'review_note'> {
  if (status === 'in_review' && before?.status !== 'in_review') return { submitted_at: new Date(), review_note: null };
  return {};
}

/**
 * Saves a change of one of the creator's products, enqueueing product.published when it
 * publishes it, and recording what it does to the catalogue pages (pages.changed).
 */
async function saveOwnProduct(db: Db, creatorId: string, id: string, values: ProductUpdate, onlyFrom?: ProductStatus): Promise<OwnerProductRow | undefined> {
  await jobsReady(db);
  const { row, events } = await db.transaction().execute(async (trx) => {
    const before = await lockOwnProduct(trx, creatorId, id);
    const previous = before?.status ?? null;
    // An approval applies only to a product still in review (not withdrawn meanwhile).
    if (onlyFrom && previous !== onlyFrom) return { row: undefined, events: [] };
    const row = await updateOwnProduct(trx, creatorId, id, values);
    if (!row) return { row, events: [] };
    // Version rules, and a new version released with its owners' notices (docs/decisions/030).
    await releaseVersionInTrx(trx, previous, row);
    const events: (EventName | CommittedEvent)[] = [];
    if (previous !== 'published' && row.status === 'published') {
      await enqueueProductPublished(trx, row);
      // The creator's followers hear of it from a background job (docs/decisions/040).
      await enqueue(trx, NEW_PRODUCT_FAN_OUT, { productId: row.id });
      events.push('webhooks.due');
    }
    const reason = pageChangeReason(previous, row.status);
    if (reason) events.push(await recordPageChange(trx, { reason, productId: row.id, paths: pagesOf(row, before) }));
    return { row, events };
  });
  afterCommit(db, events);
  return row;
}

/** A PWYW product is a one-time product whose suggestion is at least its minimum (docs/decisions/077). */
function assertPwywPricing(row: { pricing_model: string; price: number | string; pay_what_you_want: boolean; suggested_price: number | string | null }): void {
  const fields = pwywFieldErrors(row);
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', undefined, fields);
}

/**
 * A bundle (docs/decisions/080) whose price or pricing changes stays a one-time fixed price below
 * the sum of its items' prices; a save that leaves them as they were is not checked again.
 */
async function assertBundlePricing(
  db: Db,
  before: { id: string; price: number | string; pricing_model: string; pay_what_you_want: boolean },
  requested: ProductUpdate,
): Promise<void> {
  const model = requested.pricing_model ?? before.pricing_model;
  const pwyw = requested.pay_what_you_want ?? before.pay_what_you_want;
  const priceCents = toCents((requested.price as number | string | undefined) ?? before.price);
  if (model === before.pricing_model && pwyw === before.pay_what_you_want && priceCents === toCents(before.price)) return;
  const items = await listItemsOfBundles(db, [before.id]);
  if (!items.length) return;
  if (model !== 'one_time' || pwyw) throw new AppError('VALIDATION_FAILED', undefined, { pricing_model: 'A bundle is sold at a fixed one-time price' });
  const refusal = bundlePriceRefusal(
    priceCents,
    items.map((i) => toCents(i.price)),
  );
  if (refusal) throw new AppError('BUNDLE_NOT_A_SAVING', refusal, { price: refusal });
}

export async function createProduct(db: Db, creatorId: string, input: ProductInput): Promise<OwnerProduct> {
  assertOwnFiles(creatorId, input.file_urls);
  assertPwywPricing(toColumns(input));
  await assertToolType(db, input.ai_tool_type);
  const status = await resolveStatus(db, creatorId, null, input.status);
  if (isListed(status)) await assertDistinctTitle(db, creatorId, input.title);
  const values = {
    ...toColumns(input),
    status,
    ...reviewColumns(null, status),
    creator_id: creatorId,
    published_at: status === 'published' ? new Date() : null,
  };
  await jobsReady(db);
  const { row, events } = await db.transaction().execute(async (trx) => {
    const inserted = await insertProduct(trx, values);
    await releaseVersionInTrx(trx, null, inserted);
    if (inserted.status !== 'published') return { row: inserted, events: [] };
    await enqueueProductPublished(trx, inserted);
    await enqueue(trx, NEW_PRODUCT_FAN_OUT, { productId: inserted.id });
    const pages = await recordPageChange(trx, { reason: 'published', productId: inserted.id, paths: pagesOf(inserted) });
    return { row: inserted, events: ['webhooks.due', pages] as const };
  });
  afterCommit(db, events);
  return toOwnerProduct(row);
}

export async function getOwnProduct(db: Db, creatorId: string, id: string): Promise<OwnerProduct> {
  if (!isUuid(id)) notFound();
  const row = await findOwnProduct(db, creatorId, id);
  if (!row) notFound();
  return toOwnerProduct(row);
}

/**
 * Saves a change to one of the creator's products: the columns `change` computes from the
 * product as it was, with the rules every save follows (who may publish, the publication time,
 * the pages to refresh, and the files the product no longer uses released from storage).
 */
async function saveChange(
  db: Db,
  creatorId: string,
  id: string,
  change: (before: OwnerProductRow) => ProductUpdate & { status: ProductStatus },
  blobs?: BlobStore,
): Promise<OwnerProduct> {
  if (!isUuid(id)) notFound();
  const before = await findOwnProduct(db, creatorId, id);
  if (!before) notFound();
  const requested = change(before);
  assertPwywPricing({
    pricing_model: requested.pricing_model ?? before.pricing_model,
    price: requested.price ?? before.price,
    pay_what_you_want: requested.pay_what_you_want ?? before.pay_what_you_want,
    suggested_price: requested.suggested_price === undefined ? before.suggested_price : requested.suggested_price,
  });
  await assertBundlePricing(db, before, requested);
  const status = await resolveStatus(db, creatorId, before, requested.status);
  const title = requested.title ?? before.title;
  if (isListed(status) && (!isListed(before.status) || title !== before.title)) await assertDistinctTitle(db, creatorId, title, id);
  const columns = { ...requested, status, ...reviewColumns(before, status) };
  const publishedAt = columns.status === 'published' ? (before.published_at ?? new Date()) : before.published_at;
  const row = await saveOwnProduct(db, creatorId, id, { ...columns, published_at: publishedAt });
  if (!row) notFound();
  if (blobs) {
    const kept = new Set(filesOf(row));
    await releaseUnusedUploads(
      db,
      blobs,
      creatorId,
      filesOf(before).filter((u) => !kept.has(u)),
    );
  }
  return toOwnerProduct(row);
}

/**
 * An administrator's approval (functions/products/review-queue.service.ts): the product waiting
 * in review is published by the same steps as a creator's publish (saveOwnProduct's
 * product.published webhook, the pages that show it). Null when it is no longer
 * in review.
 */
export async function publishAfterReview(db: Db, creatorId: string, id: string): Promise<OwnerProduct | null> {
  const before = await findOwnProduct(db, creatorId, id);
  if (!before || before.status !== 'in_review') return null;
  const row = await saveOwnProduct(db, creatorId, id, { status: 'published', published_at: new Date(), review_note: null }, 'in_review');
  return row ? toOwnerProduct(row) : null;
}

/**
 * Removes a product from the marketplace (an administrator, docs/decisions/037): it becomes
 * 'rejected' with the team's reason (the studio shows 'Not approved' and the reason), is marked
 * removed so its creator cannot publish it again, and the pages that showed it are re-rendered
 * as for an unpublish. Null when it was not public (nothing to remove).
 */
export async function removeFromMarketplace(db: Db, id: string, reason: string): Promise<OwnerProduct | null> {
  const found = await findProductCreator(db, id);
  if (!found) return null;
  const before = await findOwnProduct(db, found.creator_id, id);
  if (!before || (before.status !== 'published' && before.status !== 'in_review')) return null;
  const row = await saveOwnProduct(db, found.creator_id, id, { status: 'rejected', review_note: reason.slice(0, 1000), removed_at: new Date() }, before.status);
  return row ? toOwnerProduct(row) : null;
}

/** PUT: the product becomes `input`, every field (a field the body left out has its default). */
export async function updateProduct(db: Db, creatorId: string, id: string, input: ProductInput, blobs?: BlobStore): Promise<OwnerProduct> {
  assertOwnFiles(creatorId, input.file_urls);
  await assertToolType(db, input.ai_tool_type);
  return saveChange(db, creatorId, id, () => toColumns(input), blobs);
}

/**
 * PATCH: only the fields the body sent change (src/shared/api/schemas/products.ts resolved
 * each: a cleared field is absent, or its default). The free pricing model keeps its price at
 * 0 whichever of the two fields was sent.
 */
export async function patchProduct(db: Db, creatorId: string, id: string, patch: ProductPatch, blobs?: BlobStore): Promise<OwnerProduct> {
  if (patch.file_urls) assertOwnFiles(creatorId, patch.file_urls);
  await assertToolType(db, patch.ai_tool_type);
  return saveChange(
    db,
    creatorId,
    id,
    (before) => {
      // toColumns maps field by field: the columns of the fields sent are taken from it.
      const all: Partial<Record<string, unknown>> = toColumns(patch as ProductInput);
      const columns = Object.fromEntries(Object.keys(patch).map((field) => [field, all[field]])) as ProductUpdate;
      if ((patch.pricing_model ?? before.pricing_model) === 'free') columns.price = 0;
      return { ...columns, status: patch.status ?? before.status };
    },
    blobs,
  );
}

export async function changeProductStatus(db: Db, creatorId: string, id: string, { status }: { status: ProductStatus }): Promise<OwnerProduct> {
  return patchProduct(db, creatorId, id, { status });
}

/**
 * Deletes a product, or archives it when it has orders or downloads: orders and sales are
 * financial records and its buyers keep access to what they paid for (issue 11), and everyone
 * who got it keeps it in their library (issue 15). An order arriving between the
 * check and the delete trips the foreign key, which archives it too.
 */
export async function deleteProduct(db: Db, creatorId: string, id: string, blobs?: BlobStore): Promise<{ archived: boolean }> {
  if (!isUuid(id)) notFound();
  const archive = async () => {
    await changeProductStatus(db, creatorId, id, { status: 'archived' });
    return { archived: true };
  };
  // Buyers and downloaders keep it in their library (issue 15): archived, never deleted from under them.
  if ((await hasOrders(db, id)) || (await hasDownloads(db, id))) return archive();
  await jobsReady(db);
  const deleted = await db
    .transaction()
    .execute(async (trx) => {
      const row = await deleteOwnProduct(trx, creatorId, id);
      const reason = row && pageChangeReason(row.status, null);
      return row && { row, pages: reason ? await recordPageChange(trx, { reason, productId: id, paths: pagesOf(row) }) : null };
    })
    .catch((error: unknown) => {
      if ((error as { code?: string } | null)?.code === '23503') return 'referenced' as const;
      throw error;
    });
  if (deleted === 'referenced') return archive();
  if (!deleted) notFound();
  if (deleted.pages) afterCommit(db, [deleted.pages]);
  if (blobs) await releaseUnusedUploads(db, blobs, creatorId, filesOf(deleted.row));
  return { archived: false };
}

/** A list cursor: the position of the last product of a page (exact created_at text and id). */
const OwnListCursor = z.strictObject({
  c: z.string().check(z.refine(isTimestampText)),
  id: z.string().check(z.refine(isUuid)),
});

export interface OwnListQuery {
  search?: string | undefined;
  status?: ProductStatus | undefined;
  category?: CategoryId | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** A page of the creator's products, newest first, and the cursor of the next page (null on the last). */
export async function listMyProducts(db: Db, creatorId: string, query: OwnListQuery): Promise<{ items: OwnerProduct[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, OwnListCursor);
  const rows = await listOwnProducts(
    db,
    creatorId,
    {
      ...(query.search ? { search: query.search } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.category ? { category: query.category } : {}),
    },
    { after: after ? { createdAt: after.c, id: after.id } : undefined, limit: query.limit + 1 },
  );
  const page = pageOf(rows, query.limit, (row) => ({ c: row.created_at_text, id: row.id }));
  return { items: page.items.map(toOwnerProduct), nextCursor: page.nextCursor };
}

/** Every product of the creator (the studio page lists and counts them all), page by page. */
export async function listAllMyProducts(db: Db, creatorId: string): Promise<OwnerProduct[]> {
  const all: OwnerProduct[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMyProducts(db, creatorId, { cursor, limit: LIMIT_MAX });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
