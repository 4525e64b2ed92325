/**
 * Products as the API answers them: a creator's own product (with its deliverables and its
 * quality score, for the editor and for scripts), what a download delivers, what the product
 * page's button may offer, and a page of marketplace search results. The TypeScript types of
 * the services and islands are derived from these schemas.
 */
import * as z from 'zod/mini';
import { DELIVERY_TYPES, DEMO_LINK_TYPES, DEPLOYMENT_TYPES, PRICING_MODELS, PRODUCT_STATUSES, PURCHASE_KINDS, TECHNICAL_LEVELS } from '../../domain';
import { page } from '../contract';
import { ProductCardSchema } from './catalogue';

/** The quality score of spec section 5 (src/shared/quality-score.ts computes it). */
export const SCORE_LEVELS = ['good', 'medium', 'poor'] as const;

export const FieldScoreSchema = z.object({
  score: z.number(),
  isValid: z.boolean(),
  /** Problems that make the field invalid. */
  issues: z.array(z.string()),
  /** Improvements that would raise the score. */
  suggestions: z.array(z.string()),
});

export const QualityScoreSchema = z.object({
  overall: z.number(),
  level: z.enum(SCORE_LEVELS),
  label: z.string(),
  message: z.string(),
  fields: z.object({ title: FieldScoreSchema, description: FieldScoreSchema, shortDescription: FieldScoreSchema, tags: FieldScoreSchema }),
  /** Title and description valid: the editor may submit. */
  canSubmit: z.boolean(),
});

export const DemoLinkSchema = z.object({
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
  technical_level: z.enum(TECHNICAL_LEVELS),
  deployment_type: z.enum(DEPLOYMENT_TYPES),
  compatibility_tags: z.array(z.string()),
  use_cases: z.array(z.string()),
  required_skills: z.array(z.string()),
  output_types: z.array(z.string()),
  integration_complexity: z.number(),
  success_rate: z.number(),
  avg_setup_time: z.number(),
  community_score: z.number(),
  content_delivery_type: z.enum(DELIVERY_TYPES),
  content_text: z.nullable(z.string()),
  file_urls: z.array(z.string()),
  download_instructions: z.nullable(z.string()),
  access_requirements: z.record(z.string(), z.string()),
  demo_links: z.array(DemoLinkSchema),
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
});
export type ProductAccess = z.output<typeof ProductAccessSchema>;

/** A page of marketplace search results, with the words it corrected ({ chatbto: 'chatbot' }). */
export const SearchResultSchema = z.extend(page(ProductCardSchema), { corrections: z.record(z.string(), z.string()) });
export type SearchResult = z.output<typeof SearchResultSchema>;
