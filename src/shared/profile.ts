/**
 * Profiles (spec sections 2 and 3, Profiles): the edit form's rules, social link names,
 * the portfolio's sorts, the specialties shown before '+N more', and the public shapes.
 * Isomorphic and dependency-free: the profile islands validate with it as the user types and
 * functions/profiles refuses what it refuses, with the same messages.
 */
import { validateCompany, validateName, COMPANY_MAX_LENGTH, NAME_MAX_LENGTH } from './auth-validation';
import { BIO_MAX_LENGTH, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH } from './onboarding';
import { readTextField, TEXT_MESSAGES } from './text';
import type { DownloadType, ProductStatus, UserType } from './domain';

export { BIO_MAX_LENGTH, MAX_SPECIALTIES, SPECIALTY_MAX_LENGTH, NAME_MAX_LENGTH, COMPANY_MAX_LENGTH };

export const LOCATION_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 300;
/** Spec section 2: up to 3 specialties, then '+N more'. */
export const SPECIALTIES_SHOWN = 3;
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

export const PORTFOLIO_SORTS = [
  { id: 'newest', label: 'Newest' },
  { id: 'popular', label: 'Popular' },
  { id: 'top_rated', label: 'Top Rated' },
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number]['id'];

export function isPortfolioSort(value: unknown): value is PortfolioSort {
  return PORTFOLIO_SORTS.some((s) => s.id === value);
}

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

export interface ProfileInput {
  fullName: string;
  bio: string | null;
  company: string | null;
  location: string | null;
  website: string | null;
  socialLinks: Record<string, string>;
  specialties: string[];
}

export type ProfileFields = Partial<
  Record<'fullName' | 'bio' | 'company' | 'location' | 'website' | 'specialties' | 'socialLinks' | `socialLinks.${string}`, string>
>;

/**
 * Trims and checks the edit form: field messages, or the clean input (empty optional fields
 * become null, unknown social networks are dropped, specialties deduplicated ignoring case).
 */
export function validateProfile(raw: unknown, userType: UserType): { ok: true; value: ProfileInput } | { ok: false; fields: ProfileFields } {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const fields: ProfileFields = {};
  // The shared text rule (src/shared/text.ts) first: a field that is not text, or holds
  // control characters, gets that message rather than one of the rules below.
  const text = (key: keyof ProfileFields, value: unknown): string => {
    const read = readTextField(value);
    if (read.problem) fields[key] = read.problem;
    return read.text;
  };
  const fullName = text('fullName', input['fullName']);
  const nameError = validateName(fullName);
  if (nameError) fields.fullName ??= nameError;
  const bio = text('bio', input['bio']);
  if (bio.length > BIO_MAX_LENGTH) fields.bio ??= `The bio has at most ${BIO_MAX_LENGTH} characters`;
  const company = text('company', input['company']);
  const companyError = validateCompany(userType, company);
  if (companyError) fields.company ??= companyError;
  const location = text('location', input['location']);
  if (location.length > LOCATION_MAX_LENGTH) fields.location ??= `Location must be at most ${LOCATION_MAX_LENGTH} characters`;
  const website = text('website', input['website']);
  if (website) {
    const error = checkWebUrl(website);
    if (error) fields.website ??= error;
  }
  const socialLinks: Record<string, string> = {};
  const rawLinks = input['socialLinks'] ?? {};
  if (typeof rawLinks !== 'object' || Array.isArray(rawLinks)) fields.socialLinks = 'Social links must be an object of network names and URLs';
  for (const network of SOCIAL_NETWORKS) {
    const key = `socialLinks.${network.id}` as const;
    const url = text(key, (rawLinks as Record<string, unknown>)[network.id]);
    if (!url || fields[key]) continue;
    const error = checkWebUrl(url);
    if (error) fields[key] = error;
    else socialLinks[network.id] = url;
  }
  const rawSpecialties = input['specialties'] ?? [];
  if (!Array.isArray(rawSpecialties)) fields.specialties = 'Specialties must be a list';
  const seen = new Set<string>();
  const specialties: string[] = [];
  for (const item of Array.isArray(rawSpecialties) ? (rawSpecialties as unknown[]) : []) {
    // A list holds text only: a null entry is not an empty one.
    if (typeof item !== 'string') {
      fields.specialties = TEXT_MESSAGES.notText;
      continue;
    }
    const value = text('specialties', item);
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    if (value.length < 2) fields.specialties ??= 'A specialty needs at least 2 characters';
    else if (value.length > SPECIALTY_MAX_LENGTH) fields.specialties ??= `A specialty has at most ${SPECIALTY_MAX_LENGTH} characters`;
    specialties.push(value);
  }
  if (specialties.length > MAX_SPECIALTIES) fields.specialties ??= `Choose at most ${MAX_SPECIALTIES} specialties`;
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    value: { fullName, bio: bio || null, company: company || null, location: location || null, website: website || null, socialLinks, specialties },
  };
}

/** What /profile/{userId} shows about a person (never the email). */
export interface PublicProfile {
  id: string;
  fullName: string;
  userType: UserType;
  company: string | null;
  bio: string | null;
  avatarUrl: string | null;
  bannerImageUrl: string | null;
  socialLinks: Record<string, string>;
  specialties: string[];
  location: string | null;
  website: string | null;
  verified: boolean;
  followerCount: number;
  followingCount: number;
  averageRating: number;
  reviewCount: number;
  createdAt: string;
}

export interface ProfileStats {
  products: number;
  downloads: number;
}

export interface SellerReviewView {
  id: string;
  rating: number;
  text: string | null;
  createdAt: string;
  updatedAt: string;
  reviewer: { id: string; fullName: string; avatarUrl: string | null };
  /** The reviewer downloaded one of the seller's products. */
  verifiedDownload: boolean;
}

export interface PortfolioItem {
  id: string;
  title: string;
  shortDescription: string;
  price: number;
  rating: number;
  downloadsCount: number;
  imageUrl: string | null;
  categoryId: string | null;
  createdAt: string;
}

export interface OwnProduct {
  id: string;
  title: string;
  status: ProductStatus;
  price: number;
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
