/**
 * Products as the API answers them: a creator's own product (with its deliverables and its
 * quality score, for the editor and for scripts), what a download delivers, what the product
 * page's button may offer, and a page of marketplace search results; and what a client writes
 * (POST, PUT and PATCH bodies, docs/decisions/024). The TypeScript types of the services and
 * islands are derived from these schemas.
 */
import * as z from 'zod/mini';
import {
  DELIVERY_TYPES,
  DEMO_LINK_TYPES,
  DEPLOYMENT_TYPES,
  PRICING_MODELS,
  PRODUCT_STATUSES,
  PURCHASE_KINDS,
  REFUND_POLICIES,
  REVIEW_DECISION_STATUSES,
  TECHNICAL_LEVELS,
} from '../../domain';

import { ProductFieldsSchema, withPricingRule } from '../../product-schema';
import { page } from '../contract';
import { strictObject } from './fields';
import { ProductCardSchema } from './catalogue';
import { QualityScoreSchema } from './quality-score';

const StoredDemoLinkSchema = z.object({
  id: z.string(),
  type: z.enum(DEMO_LINK_TYPES),
  url: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
});

/**
 * One of the caller's products, as `GET /api/me/products/{id}` answers it. This JSON may be sent
 * back unchanged with `PUT`: the read-only fields (id, creator_id, counters, rating,
 * community_score, timestamps, qualityScore) are accepted and ignored, and `null` means absent.
 */
export const OwnerProductSchema = z.object({
  id: z.string(),
  creator_id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  short_description: z.nullable(z.string()),
  price: z.number(),
  category_id: z.nullable(z.string()),
  /**
   * `published` is asked for, `in_review` may be answered: a new creator's first products wait for
   * an administrator (docs/decisions/031); `rejected` when one was not approved.
   */
  status: z.enum(PRODUCT_STATUSES),
  tags: z.array(z.string()),
  demo_url: z.nullable(z.string()),
  download_url: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  featured_image_url: z.nullable(z.string()),
  additional_images: z.array(z.string()),
  video_demo_url: z.nullable(z.string()),
  downloads_count: z.number(),
  views_count: z.number(),
  rating: z.number(),
  ai_tool_type: z.nullable(z.string()),
  content_type: z.nullable(z.string()),
  pricing_model: z.enum(PRICING_MODELS),
  /** Null: not set by the creator (the product page leaves it out). */
  technical_level: z.nullable(z.enum(TECHNICAL_LEVELS)),
  deployment_type: z.enum(DEPLOYMENT_TYPES),
  compatibility_tags: z.array(z.string()),
  use_cases: z.array(z.string()),
  required_skills: z.array(z.string()),
  output_types: z.array(z.string()),
  /** The metrics: null when the creator did not set them (the product page leaves them out). */
  integration_complexity: z.nullable(z.number()),
  success_rate: z.nullable(z.number()),
  avg_setup_time: z.nullable(z.number()),
  community_score: z.number(),
  content_delivery_type: z.enum(DELIVERY_TYPES),
  content_text: z.nullable(z.string()),
  file_urls: z.array(z.string()),
  download_instructions: z.nullable(z.string()),
  /** A licence key per purchase (docs/decisions/026). */
  issues_license_keys: z.boolean(),
  /** What buyers may get back: no refunds, or within 7, 14 or 30 days of payment (docs/decisions/049). */
  refund_policy: z.enum(REFUND_POLICIES),
  /** Pay what you want (docs/decisions/077): `price` is the minimum and the buyer names the amount. */
  pay_what_you_want: z.boolean(),
  /** The amount offered first on a PWYW product; null: the minimum. */
  suggested_price: z.nullable(z.number()),
  /** The affiliates' commission, 1-75 % of the net; null: off (docs/decisions/081). Set with PUT /api/studio/products/{id}/affiliates, not with the product. */
  affiliate_percent: z.nullable(z.int()),
  access_requirements: z.record(z.string(), z.string()),
  demo_links: z.array(StoredDemoLinkSchema),
  /** When it last entered the review queue. */
  submitted_at: z.nullable(z.string()),
  /** Why an administrator did not approve it (status `rejected`), until it is submitted again. */
  review_note: z.nullable(z.string()),
  /** The version being edited and its notes; publishing a new one notifies the product's owners (docs/decisions/030). */
  version: z.nullable(z.string()),
  release_notes: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  qualityScore: QualityScoreSchema,
});
export type OwnerProduct = z.output<typeof OwnerProductSchema>;

/** What a download delivers (spec section 7): text, a link and private file links, by delivery type. */
export const DownloadResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contentText: z.nullable(z.string()),
  downloadUrl: z.nullable(z.string()),
  /** Private files as GET /api/products/{id}/files/{name} links. */
  fileUrls: z.array(z.string()),
});
export type DownloadResult = z.output<typeof DownloadResultSchema>;

/** What the product page's button offers the caller (issue 11). */
export const ProductAccessSchema = z.object({
  owned: z.boolean(),
  purchase: z.nullable(z.enum(PURCHASE_KINDS)),
  /** False when nobody can buy it right now (its creator has not set up payouts). */
  purchasable: z.boolean(),
  reason: z.nullable(z.string()),
  /**
   * A bundle the caller owns part of (docs/decisions/080): its price for them (before any code
   * and tax) and the line saying why, 'You own 1 of 3: −$19.00'. Absent otherwise.
   */
  bundlePrice: z.optional(z.object({ amountCents: z.int(), line: z.string() })),
});
export type ProductAccess = z.output<typeof ProductAccessSchema>;

/** A page of marketplace search results, with the words it corrected ({ chatbto: 'chatbot' }). */
export const SearchResultSchema = z.extend(page(ProductCardSchema), { corrections: z.record(z.string(), z.string()) });

// --- What a client writes: the bodies of POST, PUT and PATCH /api/me/products ---

/** The product fields a client writes (src/shared/product-schema.ts, the editor's own schema). */
const FIELDS = ProductFieldsSchema.shape;
export type ProductWriteField = keyof typeof FIELDS;
export const PRODUCT_WRITE_FIELDS = Object.keys(FIELDS) as ProductWriteField[];

/**
 * What GET answers that no client writes. PUT and PATCH accept and ignore them, so the JSON of
 * a GET can be sent back as it is.
 */
const PRODUCT_READ_ONLY_FIELDS = [
  'id',
  'creator_id',
  'downloads_count',
  'views_count',
  'rating',
  'community_score',
  'submitted_at',
  'review_note',
  'published_at',
  'created_at',
  'updated_at',
  'qualityScore',
  'affiliate_percent',
] as const satisfies readonly Exclude<keyof OwnerProduct, ProductWriteField>[];
type ReadOnlyField = (typeof PRODUCT_READ_ONLY_FIELDS)[number];
/** Every field GET answers is either written or read-only: a new one must be listed above. */
type Unlisted = Exclude<keyof OwnerProduct, ProductWriteField | ReadOnlyField>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

const readOnlyShape = Object.fromEntries(PRODUCT_READ_ONLY_FIELDS.map((field) => [field, z.optional(z.unknown())])) as {
  [K in ReadOnlyField]: z.ZodMiniOptional<z.ZodMiniUnknown>;
};

function withoutReadOnly<T extends object>(body: T): Omit<T, ReadOnlyField> {
  const out = { ...body } as Record<string, unknown>;
  for (const field of PRODUCT_READ_ONLY_FIELDS) delete out[field];
  return out as Omit<T, ReadOnlyField>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * POST and PUT: the whole product. Strict (an unknown field is a 400 naming it); `null` means
 * absent, so an optional field is empty and a field with a default takes it; the read-only
 * fields of a GET are ignored. PUT replaces: a field left out is as on a new product.
 */
const ProductWriteObject = strictObject({ ...FIELDS, ...readOnlyShape });
/** What a client sends to create or replace a product. */
export type ProductBody = z.input<typeof ProductWriteObject>;

const dropNulls = (body: unknown) => (isPlainObject(body) ? Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) : body);

export const ProductWriteSchema = z.pipe(
  // Typed as the object it feeds (mini types a transform's input as unknown): the typed client sends a ProductBody.
  z.pipe(z.transform(dropNulls), ProductWriteObject) as unknown as typeof ProductWriteObject,
  z.transform((body: z.output<typeof ProductWriteObject>) => withPricingRule(withoutReadOnly(body))),
);

/** Whether a field of the product may be empty (stored as null): it parses `undefined` to `undefined`. */
function mayBeEmpty(schema: z.ZodMiniType): boolean {
  const absent = schema.safeParse(undefined);
  return absent.success && absent.data === undefined;
}

/**
 * A field of a PATCH: left out, it is not touched (its default is not applied); sent, it is
 * parsed by the same field schema as on PUT. `null` empties a field that may be empty and is
 * refused on the others (a title, a status, a list: send [] to empty a list).
 */
function patchField<S extends z.ZodMiniType>(schema: S): z.ZodMiniOptional<S> {
  const nullEmpties = mayBeEmpty(schema);
  return z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === null && nullEmpties ? undefined : value)),
      schema,
    ),
  ) as unknown as z.ZodMiniOptional<S>;
}

const patchShape = Object.fromEntries(Object.entries(FIELDS).map(([field, schema]) => [field, patchField(schema as z.ZodMiniType)])) as {
  [K in ProductWriteField]: z.ZodMiniOptional<(typeof FIELDS)[K]>;
};

/**
 * PATCH: the product schema made partial. Only the fields sent change; the output holds
 * exactly those (a field sent empty is present with `undefined`). Strict, and the read-only
 * fields of a GET are ignored, as on PUT.
 */
export const ProductPatchSchema = z.pipe(
  strictObject({ ...patchShape, ...readOnlyShape }),
  z.transform((body) => withoutReadOnly(body)),
);
export type ProductPatch = z.output<typeof ProductPatchSchema>;

/** A product waiting in the review queue, with what an administrator weighs (docs/decisions/031). */
export const ReviewQueueItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  shortDescription: z.nullable(z.string()),
  description: z.nullable(z.string()),
  categoryId: z.nullable(z.string()),
  pricingModel: z.enum(PRICING_MODELS),
  /** Pay what you want: `price` is the minimum (docs/decisions/077). */
  payWhatYouWant: z.boolean(),
  price: z.number(),
  imageUrl: z.nullable(z.string()),
  creatorId: z.string(),
  creatorName: z.nullable(z.string()),
  creatorEmail: z.string(),
  creatorEmailVerified: z.boolean(),
  creatorJoinedAt: z.string(),
  submittedAt: z.string(),
});
export type ReviewQueueItem = z.output<typeof ReviewQueueItemSchema>;

/** An administrator's decision on a product in review: its status after it. */
export const ReviewDecisionSchema = z.object({ id: z.string(), status: z.enum(REVIEW_DECISION_STATUSES) });
export type ReviewDecision = z.output<typeof ReviewDecisionSchema>;

/** The score's shape is the API's (src/shared/api/schemas/products.ts): the products answer it. */
