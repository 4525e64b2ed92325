/**
 * Shapes the studio islands work with: the owner's product as the API answers it (dates as
 * ISO strings, src/shared/api/schemas/products.ts), the select options the page passes in,
 * and the preview's extra data.
 */
import type { OwnerProduct } from '@/src/shared/api/schemas/products';

/** The owner's product as the API answers it (GET /api/me/products/{id}). */
export type StudioProduct = OwnerProduct;

export interface Option {
  value: string;
  label: string;
}

export interface OptionGroup {
  group: string;
  options: Option[];
}

export interface StudioOptions {
  categories: Option[];
  aiTools: OptionGroup[];
  contentTypes: Option[];
}

export interface StudioCreator {
  id: string;
  fullName: string;
  company: string | null;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  followerCount: number;
}

export interface StudioReviews {
  average: number;
  total: number;
  latest: { id: string; rating: number; text: string | null; reviewerName: string; date: string; verifiedPurchase: boolean }[];
}
