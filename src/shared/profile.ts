/**
 * Profiles (spec sections 2 and 3, Profiles): the edit form's limits, social link names, the
 * portfolio's sorts and the specialties shown before '+N more'. The public shapes are derived
 * from their schemas in src/shared/api/schemas/profile.ts, which also hold the edit rules the
 * form and the server share (and import these limits: this module imports no schema).
 * Isomorphic and dependency-free.
 */
import { BIO_MAX_LENGTH, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH } from './onboarding';
import type { DownloadType, ProductStatus } from './domain';

export { BIO_MAX_LENGTH, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH };

export const LOCATION_MAX_LENGTH = 100;
const URL_MAX_LENGTH = 300;
/** Spec section 2: up to 3 specialties, then '+N more'. */
const SPECIALTIES_SHOWN = 3;
/** Spec section 7: the latest 10 seller reviews. */
export const REVIEWS_SHOWN = 10;
export const PORTFOLIO_PAGE_SIZE = 12;

export const SOCIAL_NETWORKS = [
  { id: 'twitter', label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'] },
  { id: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { id: 'github', label: 'GitHub', hosts: ['github.com'] },
  { id: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  { id: 'instagram', label: 'Instagram', hosts: ['instagram.com'] },
  { id: 'dribbble', label: 'Dribbble', hosts: ['dribbble.com'] },
] as const;
export type SocialNetworkId = (typeof SOCIAL_NETWORKS)[number]['id'];

export function socialLabel(name: string): string {
  const known = SOCIAL_NETWORKS.find((n) => n.id === name.toLowerCase());
  return known ? known.label : name.charAt(0).toUpperCase() + name.slice(1);
}

export const PORTFOLIO_SORT_IDS = ['newest', 'popular', 'top_rated'] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORT_IDS)[number];
const PORTFOLIO_SORT_LABELS: Record<PortfolioSort, string> = { newest: 'Newest', popular: 'Popular', top_rated: 'Top Rated' };
export const PORTFOLIO_SORTS = PORTFOLIO_SORT_IDS.map((id) => ({ id, label: PORTFOLIO_SORT_LABELS[id] }));

/** The specialties chips: the first three, and how many more there are. */
export function visibleSpecialties(specialties: readonly string[]): { shown: string[]; more: number } {
  return { shown: specialties.slice(0, SPECIALTIES_SHOWN), more: Math.max(0, specialties.length - SPECIALTIES_SHOWN) };
}

/** An absolute http(s) URL whose host has a dot; the message of the product form's demo URL. */
export function checkWebUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return 'URL should start with http:// or https://';
  try {
    const url = new URL(value);
    if (!url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) return 'Invalid URL format';
  } catch {
    return 'Invalid URL format';
  }
  if (value.length > URL_MAX_LENGTH) return `URL must be at most ${URL_MAX_LENGTH} characters`;
  return null;
}

export interface ProfileStats {
  products: number;
  downloads: number;
}

export interface OwnProduct {
  id: string;
  title: string;
  status: ProductStatus;
  price: number;
  pricingModel: string;
  /** Pay what you want: `price` is the minimum (docs/decisions/077). */
  payWhatYouWant: boolean;
  downloadsCount: number;
  viewsCount: number;
  imageUrl: string | null;
  updatedAt: string;
}

export interface DownloadHistoryItem {
  id: string;
  productId: string;
  title: string;
  imageUrl: string | null;
  creatorId: string;
  creatorName: string;
  downloadType: DownloadType;
  amount: number;
  createdAt: string;
  /** Only published products can be downloaded again. */
  available: boolean;
}

/** 'Joined March 2024' from the profile's creation date. */
export function joinedLabel(createdAt: string | Date): string {
  return `Joined ${new Date(createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

/** Initials for an avatar without a picture. */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!].map((p) => Array.from(p)[0] ?? '') : [Array.from(parts[0] ?? 'U')[0] ?? 'U'];
  return letters.join('').toUpperCase();
}
