/**
 * The product form's schema, shared by the editor island and the products API (spec
 * sections 3, 5 and 9). Fields a client may not set (creator_id, counters, rating,
 * timestamps) are not in it and are dropped by zod. Empty optional fields become absent.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './categories';
import { CONTENT_TYPE_IDS, PRICING_MODELS, TECHNICAL_LEVELS } from './search';
import { AI_TOOL_IDS } from './ai-tools';

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export const DEPLOYMENT_TYPES = ['ready_to_use', 'minimal_setup', 'technical_setup'] as const;
export const DELIVERY_TYPES = ['file', 'link', 'text', 'multiple'] as const;
export const DEMO_LINK_TYPES = ['video_demo', 'live_demo', 'source_code', 'documentation', 'tutorial', 'api_reference'] as const;

export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 1000;
export const SHORT_DESCRIPTION_MAX = 150;
export const TAGS_MAX = 10;

/** '' and whitespace become undefined, so empty optional fields are stored as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** http(s) URL with a dotted host (spec section 5's demo URL rule). */
export const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\//i.test(v), 'URL should start with http:// or https://')
  .refine((v) => {
    try {
      return new URL(v).hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Invalid URL format');

/** A stored file: an uploaded blob's URL (local /blobs/..., private:..., or https). */
const storedUrl = z.string().trim().min(1).max(2000).refine((v) => /^(https?:\/\/|\/blobs\/|private:)/.test(v), 'Invalid file reference');

const optionalUrl = z.preprocess(blankToUndefined, httpUrl.optional());
const optionalImage = z.preprocess(blankToUndefined, z.union([httpUrl, z.string().regex(/^\/blobs\//, 'Invalid image URL')]).optional());

/** Trimmed, non-empty, no duplicates (spec section 5, list entries). */
const stringList = (maxItems: number, maxLength = 60) =>
  z
    .array(z.string())
    .default([])
    .transform((items) => [...new Set(items.map((i) => i.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(maxLength)).max(maxItems));

export const DemoLinkSchema = z.object({
  id: z.string().trim().min(1).max(40).default(() => String(Date.now())),
  type: z.enum(DEMO_LINK_TYPES),
  url: httpUrl,
  title: z.string().trim().min(1, 'Title is required').max(120),
  description: optionalText(300),
});

export const VIDEO_URL = /^(https?:\/\/)?((www\.)?youtube\.com\/watch\?v=[\w-]{6,}|youtu\.be\/[\w-]{6,}|(www\.|player\.)?vimeo\.com\/(video\/)?\d+|.+\.(mp4|webm|ogg)(\?.*)?$)/i;

export const ProductInputSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').min(TITLE_MIN, `Title must be at least ${TITLE_MIN} characters`).max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').min(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`).max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  short_description: optionalText(SHORT_DESCRIPTION_MAX),
  // Unknown statuses are treated as draft (spec section 4).
  status: z.preprocess((v) => ((PRODUCT_STATUSES as readonly unknown[]).includes(v) ? v : 'draft'), z.enum(PRODUCT_STATUSES)),
  price: z.preprocess((v) => {
    const n = typeof v === 'string' ? Number.parseFloat(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : 0; // 0 if unparseable
  }, z.number().min(0, 'Price cannot be negative').max(100_000)),
  category_id: z.preprocess(blankToUndefined, z.enum(CATEGORY_IDS).optional()),
  tags: stringList(TAGS_MAX, 40),
  demo_url: optionalUrl,
  download_url: optionalUrl,
  image_url: optionalImage,
  featured_image_url: optionalImage,
  additional_images: z.array(z.union([httpUrl, z.string().regex(/^\/blobs\//)])).max(12).default([]),
  video_demo_url: z.preprocess(blankToUndefined, httpUrl.refine((v) => VIDEO_URL.test(v), 'Use a YouTube, Vimeo, .mp4, .webm or .ogg link').optional()),
  ai_tool_type: z.preprocess(blankToUndefined, z.enum([...AI_TOOL_IDS, 'custom']).optional()),
  content_type: z.preprocess(blankToUndefined, z.enum(CONTENT_TYPE_IDS).optional()),
  pricing_model: z.enum(PRICING_MODELS).default('one_time'),
  technical_level: z.enum(TECHNICAL_LEVELS).default('beginner'),
  deployment_type: z.enum(DEPLOYMENT_TYPES).default('ready_to_use'),
  compatibility_tags: stringList(20),
  use_cases: stringList(20, 200),
  required_skills: stringList(20),
  output_types: stringList(20),
  integration_complexity: z.coerce.number().int().min(1).max(5).default(1),
  success_rate: z.coerce.number().int().min(0).max(100).default(85),
  // Whole number, at least 0; invalid becomes 0 (spec section 5).
  avg_setup_time: z.preprocess((v) => {
    const n = typeof v === 'string' ? Number.parseInt(v, 10) : v;
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
  }, z.number().int().min(0).max(100_000)).default(5),
  content_delivery_type: z.enum(DELIVERY_TYPES, { error: 'Choose how buyers receive the product' }),
  content_text: optionalText(20_000),
  file_urls: z.array(storedUrl).max(20).default([]),
  download_instructions: optionalText(2000),
  demo_links: z.array(DemoLinkSchema).max(10).default([]),
}).transform((p) => (p.pricing_model === 'free' ? { ...p, price: 0 } : p));

export type ProductInput = z.infer<typeof ProductInputSchema>;
export type ProductInputRaw = z.input<typeof ProductInputSchema>;
