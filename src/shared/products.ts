/**
 * Public product shapes (what leaves the server) and the marketplace defaults of spec
 * section 3. Isomorphic: the API, the prebuilt pages and the islands all use these types.
 * Deliverables (file_urls, download_url, content_text) are never part of a public shape:
 * they are reachable only through the download endpoint.
 */
import type * as z from 'zod/mini';
import type { CreatorCardSchema, ProductCardSchema } from './api/schemas/catalogue';
import { DEMO_LINK_TYPES, PRODUCT_DEFAULTS, isOneOf, type DemoLinkType, type ProductStatus, type RefundPolicy } from './domain';

/** A demo link as stored in products.demo_links (jsonb) and as the product page shows it. */
export interface DemoLinkJson {
  id: string;
  type: DemoLinkType;
  url: string;
  title: string;
  description?: string;
}

export type CreatorCard = z.output<typeof CreatorCardSchema>;
export type ProductCard = z.output<typeof ProductCardSchema>;

export interface PublicProduct extends ProductCard {
  /** The page of the AI tool it is built on when that tool is in the directory (approved), from its row; else null. */
  aiToolHref: string | null;
  description: string;
  status: ProductStatus;
  featuredImageUrl: string | null;
  additionalImages: string[];
  videoDemoUrl: string | null;
  demoUrl: string | null;
  demoLinks: DemoLinkJson[];
  compatibilityTags: string[];
  useCases: string[];
  requiredSkills: string[];
  outputTypes: string[];
  /** The metrics: null when the creator did not set them (issue 15), and the page leaves them out. */
  integrationComplexity: number | null;
  successRate: number | null;
  avgSetupTime: number | null;
  downloadInstructions: string | null;
  /** The creator's refund policy, shown before paying (docs/decisions/049). */
  refundPolicy: RefundPolicy;
  /** A pay-what-you-want product's suggested amount (docs/decisions/077); null: the minimum. */
  suggestedPrice: number | null;
  updatedAt: string;
}

export { FALLBACK_IMAGE } from './fallback-image';

export const MARKETPLACE_DEFAULTS = {
  title: 'Untitled Product',
  price: 0,
  // The spec's 4.5 was a placeholder: an unrated product has no rating (issue 15).
  rating: 0,
  count: 0,
  aiToolType: 'AI Tool',
  contentType: 'tool',
  pricingModel: PRODUCT_DEFAULTS.pricingModel,
  technicalLevel: PRODUCT_DEFAULTS.technicalLevel,
  deploymentType: PRODUCT_DEFAULTS.deploymentType,
  contentDeliveryType: PRODUCT_DEFAULTS.deliveryType,
  creatorName: 'Unknown Creator',
  creatorUserType: 'creator',
} as const;

/** Number from a numeric column (a string from Postgres), or the fallback. */
export function toNumber(value: unknown, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Spec section 3: entries lacking a string id, type, url or title are dropped, and unknown
 * types are not displayed.
 */
export function sanitizeDemoLinks(value: unknown): DemoLinkJson[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is DemoLinkJson => {
    if (!entry || typeof entry !== 'object') return false;
    const e = entry as Record<string, unknown>;
    return (
      typeof e['id'] === 'string' &&
      typeof e['type'] === 'string' &&
      typeof e['url'] === 'string' &&
      typeof e['title'] === 'string' &&
      isOneOf(DEMO_LINK_TYPES, e['type'])
    );
  });
}
