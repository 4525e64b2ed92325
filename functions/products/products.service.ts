/**
 * A creator's products: create, update, status change and delete with ownership enforced
 * here (a product of someone else does not exist for the caller, and nothing changes), the
 * shared zod schema (src/shared/product-schema.ts), and a content rebuild requested for
 * every change that affects public pages.
 */
import { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../_shared/errors';
import { PRODUCT_STATUSES, ProductInputSchema, type ProductInput } from '../../src/shared/product-schema';
import { CATEGORY_IDS } from '../../src/shared/categories';
import { requestRebuild, type RebuildReason } from '../rebuilds/rebuilds.service';
import { deleteOwnProduct, findOwnProduct, insertProduct, listOwnProducts, updateOwnProduct, type OwnerProductRow } from './products.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): never {
  throw new AppError('PRODUCT_NOT_FOUND');
}

/** Columns from validated input; absent optional fields are stored as null. */
function toColumns(input: ProductInput) {
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
    technical_level: input.technical_level,
    deployment_type: input.deployment_type,
    compatibility_tags: input.compatibility_tags,
    use_cases: input.use_cases,
    required_skills: input.required_skills,
    output_types: input.output_types,
    integration_complexity: input.integration_complexity,
    success_rate: input.success_rate,
    avg_setup_time: input.avg_setup_time,
    content_delivery_type: input.content_delivery_type,
    content_text: input.content_text ?? null,
    file_urls: input.file_urls,
    download_instructions: input.download_instructions ?? null,
    demo_links: JSON.stringify(input.demo_links),
  };
}

export function toOwnerProduct(row: OwnerProductRow) {
  return { ...row, price: Number(row.price), rating: Number(row.rating), community_score: Number(row.community_score) };
}
export type OwnerProduct = ReturnType<typeof toOwnerProduct>;

/** Which rebuild a status change calls for, if any. */
export function rebuildReasonFor(before: string | null, after: string | null): RebuildReason | null {
  if (before !== 'published' && after === 'published') return 'published';
  if (before === 'published' && after === 'published') return 'updated';
  if (before === 'published' && after === 'archived') return 'archived';
  if (before === 'published' && after === 'draft') return 'unpublished';
  if (before === 'published' && after === null) return 'deleted';
  return null;
}

export async function createProduct(db: Db, creatorId: string, raw: unknown): Promise<OwnerProduct> {
  const input = ProductInputSchema.parse(raw);
  const row = await insertProduct(db, { ...toColumns(input), creator_id: creatorId, published_at: input.status === 'published' ? new Date() : null });
  const reason = rebuildReasonFor(null, row.status);
  if (reason) await requestRebuild(db, reason, row.id);
  return toOwnerProduct(row);
}

export async function getOwnProduct(db: Db, creatorId: string, id: string): Promise<OwnerProduct> {
  if (!UUID.test(id)) notFound();
  const row = await findOwnProduct(db, creatorId, id);
  if (!row) notFound();
  return toOwnerProduct(row);
}

export async function updateProduct(db: Db, creatorId: string, id: string, raw: unknown): Promise<OwnerProduct> {
  if (!UUID.test(id)) notFound();
  const input = ProductInputSchema.parse(raw);
  const before = await findOwnProduct(db, creatorId, id);
  if (!before) notFound();
  const publishedAt = input.status === 'published' ? (before.published_at ?? new Date()) : before.published_at;
  const row = await updateOwnProduct(db, creatorId, id, { ...toColumns(input), published_at: publishedAt });
  if (!row) notFound();
  const reason = rebuildReasonFor(before.status, row.status);
  if (reason) await requestRebuild(db, reason, id);
  return toOwnerProduct(row);
}

export const StatusChangeSchema = z.object({ status: z.preprocess((v) => ((PRODUCT_STATUSES as readonly unknown[]).includes(v) ? v : 'draft'), z.enum(PRODUCT_STATUSES)) });

export async function changeProductStatus(db: Db, creatorId: string, id: string, raw: unknown): Promise<OwnerProduct> {
  if (!UUID.test(id)) notFound();
  const { status } = StatusChangeSchema.parse(raw);
  const before = await findOwnProduct(db, creatorId, id);
  if (!before) notFound();
  const row = await updateOwnProduct(db, creatorId, id, { status, published_at: status === 'published' ? (before.published_at ?? new Date()) : before.published_at });
  if (!row) notFound();
  const reason = rebuildReasonFor(before.status, row.status);
  if (reason) await requestRebuild(db, reason, id);
  return toOwnerProduct(row);
}

export async function deleteProduct(db: Db, creatorId: string, id: string): Promise<void> {
  if (!UUID.test(id)) notFound();
  const deleted = await deleteOwnProduct(db, creatorId, id);
  if (!deleted) notFound();
  const reason = rebuildReasonFor(deleted.status, null);
  if (reason) await requestRebuild(db, reason, id);
}

export const OwnListSchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(PRODUCT_STATUSES).optional()),
  category: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(CATEGORY_IDS).optional()),
});

export async function listMyProducts(db: Db, creatorId: string, raw: unknown): Promise<OwnerProduct[]> {
  const filters = OwnListSchema.parse(raw);
  const rows = await listOwnProducts(db, creatorId, {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.category ? { category: filters.category } : {}),
  });
  return rows.map(toOwnerProduct);
}
