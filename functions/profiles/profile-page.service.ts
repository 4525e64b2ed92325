/**
 * The public profile /profile/{userId} and the own profile /profile (spec sections 2, 3, 6
 * and 7), and the edit of one's own profile. Called by those pages at request time and by
 * src/pages/api/profile/** and src/pages/api/profiles/**.
 *
 * Rules:
 * - A public profile never shows the email; unknown ids are 'Profile not found' (404).
 * - The portfolio lists only published products.
 * - The edit changes only the signed-in user's own row. The profile owns name, company, user
 *   type and avatar; the account (which the session and header read) follows it in the same
 *   statement (trigger, docs/decisions/012). better-auth's /update-user is closed.
 * - 'Start selling' switches a buyer or community account to creator with the sign-up rule
 *   for the company or project name.
 */
import { readTextField } from '@/src/shared/text';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { toNumber } from '@/src/shared/products';
import { validateCompany } from '@/src/shared/auth-validation';
import {
  PORTFOLIO_PAGE_SIZE,
  isPortfolioSort,
  validateProfile,
  type DownloadHistoryItem,
  type OwnProduct,
  type PortfolioItem,
  type PortfolioSort,
  type ProfileStats,
  type PublicProfile,
  type SellerReviewView,
} from '@/src/shared/profile';
import { CATEGORY_IDS, isOneOf } from '@/src/shared/domain';
import { isFollowingPerson } from '../follows/follows.service';
import { findOwnReview, listSellerReviews } from '../reviews/reviews.service';
import {
  findProfile,
  listDownloads,
  listOwnProducts,
  listPortfolio,
  listPortfolioCategories,
  publishedFigures,
  setCreatorType,
  updateProfileFields,
  type ProfileRow,
} from './profiles.repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function toPublicProfile(row: ProfileRow): PublicProfile {
  const links = row.social_links && typeof row.social_links === 'object' ? row.social_links : {};
  return {
    id: row.id,
    fullName: row.full_name?.trim() || 'User',
    userType: row.user_type,
    company: row.company,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    bannerImageUrl: row.banner_image_url,
    // Only http(s) links are ever rendered as links.
    socialLinks: Object.fromEntries(Object.entries(links).filter(([, url]) => typeof url === 'string' && /^https?:\/\//i.test(url))),
    specialties: row.specialties ?? [],
    location: row.location,
    website: row.website && /^https?:\/\//i.test(row.website) ? row.website : null,
    verified: row.verified,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    averageRating: toNumber(row.average_rating, 0),
    reviewCount: row.review_count,
    createdAt: iso(row.created_at),
  };
}

export function isSeller(profile: Pick<PublicProfile, 'userType'>, stats: ProfileStats): boolean {
  return profile.userType === 'creator' || stats.products > 0;
}

export interface PortfolioPage {
  items: PortfolioItem[];
  nextOffset: number | null;
}

export interface ProfilePage {
  profile: PublicProfile;
  stats: ProfileStats;
  isOwner: boolean;
  isFollowing: boolean;
  isSeller: boolean;
  reviews: SellerReviewView[];
  ownReview: SellerReviewView | null;
  portfolio: PortfolioPage;
  portfolioCategories: { id: string; name: string }[];
}

export async function getPortfolio(db: Db, creatorId: string, options: { sort?: unknown; category?: unknown; offset?: unknown } = {}): Promise<PortfolioPage> {
  const sort: PortfolioSort = isPortfolioSort(options.sort) ? options.sort : 'newest';
  const categoryId = isOneOf(CATEGORY_IDS, options.category) ? options.category : null;
  const offset = Math.min(Math.max(Math.trunc(Number(options.offset) || 0), 0), 10_000);
  const rows = await listPortfolio(db, creatorId, { sort, categoryId, offset, limit: PORTFOLIO_PAGE_SIZE + 1 });
  return {
    items: rows.slice(0, PORTFOLIO_PAGE_SIZE).map((r) => ({
      id: r.id,
      title: r.title,
      shortDescription: r.short_description ?? '',
      price: toNumber(r.price, 0),
      rating: toNumber(r.rating, 0),
      downloadsCount: r.downloads_count,
      imageUrl: r.image_url,
      categoryId: r.category_id,
      createdAt: iso(r.created_at),
    })),
    nextOffset: rows.length > PORTFOLIO_PAGE_SIZE ? offset + PORTFOLIO_PAGE_SIZE : null,
  };
}

export async function getPublicPortfolio(db: Db, creatorId: string, options: { sort?: unknown; category?: unknown; offset?: unknown }): Promise<PortfolioPage> {
  if (!ID.test(creatorId) || !(await findProfile(db, creatorId))) throw new AppError('PROFILE_NOT_FOUND');
  return getPortfolio(db, creatorId, options);
}

/** Everything /profile/{userId} shows, for a visitor or a signed-in viewer; null when there is no such profile. */
export async function getProfilePage(db: Db, profileId: string, viewerId: string | null | undefined): Promise<ProfilePage | null> {
  if (!ID.test(profileId)) return null;
  const row = await findProfile(db, profileId);
  if (!row) return null;
  const profile = toPublicProfile(row);
  const [stats, reviews, ownReview, isFollowing, portfolio, portfolioCategories] = await Promise.all([
    publishedFigures(db, profileId),
    listSellerReviews(db, profileId),
    findOwnReview(db, viewerId, profileId),
    isFollowingPerson(db, viewerId, profileId),
    getPortfolio(db, profileId),
    listPortfolioCategories(db, profileId),
  ]);
  return {
    profile,
    stats,
    isOwner: viewerId === profileId,
    isFollowing,
    isSeller: isSeller(profile, stats),
    reviews,
    ownReview,
    portfolio,
    portfolioCategories,
  };
}

export interface OwnProfilePage {
  profile: PublicProfile;
  email: string;
  stats: ProfileStats;
  products: OwnProduct[];
  downloads: DownloadHistoryItem[];
}

export async function getOwnProfilePage(db: Db, user: { id: string; email: string } | null | undefined): Promise<OwnProfilePage> {
  if (!user) throw new AppError('UNAUTHENTICATED');
  const row = await findProfile(db, user.id);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  const [stats, products, downloads] = await Promise.all([publishedFigures(db, user.id), listOwnProducts(db, user.id), listDownloads(db, user.id)]);
  return {
    profile: toPublicProfile(row),
    email: user.email,
    stats,
    products: products.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      price: toNumber(p.price, 0),
      downloadsCount: p.downloads_count,
      viewsCount: p.views_count,
      imageUrl: p.image_url,
      updatedAt: iso(p.updated_at),
    })),
    downloads: downloads.map((d) => ({
      id: d.id,
      productId: d.product_id,
      title: d.title,
      imageUrl: d.image_url,
      creatorId: d.creator_id,
      creatorName: d.creator_name?.trim() || 'Unknown Creator',
      downloadType: d.download_type,
      amount: toNumber(d.amount, 0),
      createdAt: iso(d.created_at),
      available: d.status === 'published',
    })),
  };
}

export async function getOwnProfile(db: Db, userId: string | null | undefined): Promise<PublicProfile> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const row = await findProfile(db, userId);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toPublicProfile(row);
}

export async function updateOwnProfile(db: Db, userId: string | null | undefined, raw: unknown): Promise<PublicProfile> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const current = await findProfile(db, userId);
  if (!current) throw new AppError('PROFILE_NOT_FOUND');
  const checked = validateProfile(raw, current.user_type);
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', undefined, checked.fields as Record<string, string>);
  const row = await updateProfileFields(db, userId, checked.value);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toPublicProfile(row);
}

/**
 * 'Start selling': a buyer or community account becomes a creator, naming its company or
 * project with the sign-up rules (spec section 5). A creator calling it again may change the
 * name the same way. Publishing still needs a verified email.
 */
export async function becomeCreator(db: Db, userId: string | null | undefined, raw: unknown): Promise<PublicProfile> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const { text: company, problem } = readTextField(input['company']);
  const message = problem ?? validateCompany('creator', company);
  if (message) throw new AppError('VALIDATION_FAILED', message, { company: message });
  const row = await setCreatorType(db, userId, company);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toPublicProfile(row);
}
