/**
 * The product form's schema, shared by the editor island and the products API (spec
 * sections 3, 5 and 9). Fields a client may not set (creator_id, counters, rating,
 * timestamps) are not in it and are dropped by zod. Empty optional fields become absent.
 *
 * The limits and messages of title, description, short description and tags are the quality
 * score's (src/shared/quality-score.ts): what the score calls an issue, the API refuses, and
 * the editor's submit rule (title and description valid) is the same rule the API applies.
 */
import './zod-browser';
import { z } from 'zod';
import { safeText } from './text';
import {
  CATEGORY_IDS,
  CONTENT_TYPE_IDS,
  DELIVERY_TYPES,
  DEMO_LINK_TYPES,
  DEPLOYMENT_TYPES,
  PRICING_MODELS,
  PRODUCT_DEFAULTS,
  PRODUCT_STATUSES,
  TECHNICAL_LEVELS,
} from './domain';
import { AI_TOOL_TYPE_VALUES } from './ai-tool-ids';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  SHORT_DESCRIPTION_MAX,
  TAGS_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VIDEO_URL,
  VIDEO_URL_HINT,
  checkDemoUrl,
} from './quality-score';

export { DESCRIPTION_MAX, DESCRIPTION_MIN, SHORT_DESCRIPTION_MAX, TAGS_MAX, TITLE_MAX, TITLE_MIN, VIDEO_URL };

export const ADDITIONAL_IMAGES_MAX = 12;
export const FILE_URLS_MAX = 20;
export const DEMO_LINKS_MAX = 10;
export const LIST_MAX = 20;

/** Spec section 3, access_requirements (object): what a buyer needs to run the product. */
export const ACCESS_REQUIREMENT_KEYS = ['accounts', 'api_keys', 'hardware', 'other'] as const;
export type AccessRequirementKey = (typeof ACCESS_REQUIREMENT_KEYS)[number];
export const ACCESS_REQUIREMENT_LABELS: Record<AccessRequirementKey, string> = {
  accounts: 'Accounts needed',
  api_keys: 'API keys or credentials',
  hardware: 'Hardware or hosting',
  other: 'Other requirements',
};

/** '' and whitespace become undefined, so empty optional fields are stored as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, safeText().trim().max(max).optional());

/** A number, or a form's numeric text; anything else (true, null, an object) is refused, not coerced. */
const wholeNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());

/** http(s) URL with a dotted host (spec section 5's demo URL rule, same messages). */
export const httpUrl = safeText()
  .trim()
  .max(2000)
  .superRefine((v, ctx) => {
    const check = checkDemoUrl(v);
    if (check.state === 'invalid') ctx.addIssue({ code: 'custom', message: check.message });
  });

/** A stored file: an uploaded blob's URL (local /blobs/..., private:..., or https). */
const storedUrl = safeText()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => /^(https?:\/\/|\/blobs\/|private:)/.test(v), 'Invalid file reference');

const optionalUrl = z.preprocess(blankToUndefined, httpUrl.optional());
const optionalImage = z.preprocess(blankToUndefined, z.union([httpUrl, safeText().regex(/^\/blobs\//, 'Invalid image URL')]).optional());

/**
 * Trimmed, non-empty, no duplicates (spec section 5, list entries). Duplicates compare
 * case-insensitively, the first spelling kept, as the quality score counts them.
 */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

const stringList = (maxItems: number, maxLength = 60, label = 'items') =>
  z
    .array(safeText())
    .default([])
    .transform(cleanList)
    .pipe(z.array(safeText().max(maxLength, `Each entry has at most ${maxLength} characters`)).max(maxItems, `Use at most ${maxItems} ${label}`));

/** A new product is a draft (spec section 9); an unknown status is refused, never made a draft (issue 14). */
export const ProductStatusSchema = z.enum(PRODUCT_STATUSES).default(PRODUCT_DEFAULTS.status);

export const DemoLinkSchema = z.strictObject({
  id: safeText()
    .trim()
    .min(1)
    .max(40)
    .default(() => String(Date.now())),
  type: z.enum(DEMO_LINK_TYPES),
  url: httpUrl,
  title: safeText().trim().min(1, 'Title is required').max(120),
  description: optionalText(300),
});

/** The product's fields, each with its rule: the API's bodies are built on them (src/shared/api/schemas/products.ts). */
export const ProductFieldsSchema = z.object({
  title: safeText({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .min(TITLE_MIN, `Title must be at least ${TITLE_MIN} characters`)
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: safeText({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .min(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`)
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  short_description: optionalText(SHORT_DESCRIPTION_MAX),
  status: ProductStatusSchema,
  price: z.preprocess((v) => {
    const n = typeof v === 'string' ? Number.parseFloat(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : 0; // 0 if unparseable
  }, z.number().min(0, 'Price cannot be negative').max(100_000)),
  category_id: z.preprocess(blankToUndefined, z.enum(CATEGORY_IDS).optional()),
  tags: stringList(TAGS_MAX, 40, 'tags'),
  demo_url: optionalUrl,
  download_url: optionalUrl,
  image_url: optionalImage,
  featured_image_url: optionalImage,
  additional_images: z
    .array(z.union([httpUrl, safeText().regex(/^\/blobs\//, 'Invalid image URL')]))
    .max(ADDITIONAL_IMAGES_MAX, `Use at most ${ADDITIONAL_IMAGES_MAX} additional images`)
    .default([]),
  video_demo_url: z.preprocess(blankToUndefined, httpUrl.refine((v) => VIDEO_URL.test(v), VIDEO_URL_HINT).optional()),
  ai_tool_type: z.preprocess(blankToUndefined, z.enum(AI_TOOL_TYPE_VALUES).optional()),
  content_type: z.preprocess(blankToUndefined, z.enum(CONTENT_TYPE_IDS).optional()),
  pricing_model: z.enum(PRICING_MODELS).default(PRODUCT_DEFAULTS.pricingModel),
  technical_level: z.enum(TECHNICAL_LEVELS).default(PRODUCT_DEFAULTS.technicalLevel),
  deployment_type: z.enum(DEPLOYMENT_TYPES).default(PRODUCT_DEFAULTS.deploymentType),
  compatibility_tags: stringList(LIST_MAX),
  use_cases: stringList(LIST_MAX, 200),
  required_skills: stringList(LIST_MAX),
  output_types: stringList(LIST_MAX),
  integration_complexity: wholeNumber.pipe(z.number().int().min(1).max(5)).default(1),
  success_rate: wholeNumber.pipe(z.number().int().min(0).max(100)).default(85),
  // Whole number, at least 0; invalid becomes 0 (spec section 5).
  avg_setup_time: z
    .preprocess((v) => {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
    }, z.number().int().min(0).max(100_000))
    .default(5),
  content_delivery_type: z.enum(DELIVERY_TYPES, { error: 'Choose how buyers receive the product' }),
  content_text: optionalText(20_000),
  file_urls: z.array(storedUrl).max(FILE_URLS_MAX, `Attach at most ${FILE_URLS_MAX} files`).default([]),
  download_instructions: optionalText(2000),
  demo_links: z.array(DemoLinkSchema).max(DEMO_LINKS_MAX, `Add at most ${DEMO_LINKS_MAX} demo links`).default([]),
  access_requirements: z
    .strictObject({ accounts: optionalText(300), api_keys: optionalText(300), hardware: optionalText(300), other: optionalText(300) })
    .default({})
    // Absent entries are dropped, so an empty object means "no requirements".
    .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Partial<Record<AccessRequirementKey, string>>),
});

/** Spec section 5: a free product's price is 0, whatever was sent. */
export function withPricingRule<T extends { pricing_model: string; price: number }>(p: T): T {
  return p.pricing_model === 'free' ? { ...p, price: 0 } : p;
}

export const ProductInputSchema = ProductFieldsSchema.transform(withPricingRule);

export type ProductInput = z.infer<typeof ProductInputSchema>;
export type ProductInputRaw = z.input<typeof ProductInputSchema>;
