/**
 * The public profile /profile/{userId} and the own profile /profile (spec sections 2, 3, 6
 * and 7), and the edit of one's own profile. Called by those pages at request time and by
 * src/pages/api/profile/** and src/pages/api/profiles/**.
 *
 * Rules:
 * - A public profile never shows the email; unknown ids are 'Profile not found' (404).
 * - The portfolio lists only published products.
 * - The edit changes only the signed-in user's own row: PUT replaces the editable fields, PATCH
 *   changes the ones sent (docs/decisions/024), both under a lock on the row. The profile owns
 *   name, company, user type and avatar; the account (which the session and header read)
 *   follows it in the same statement (trigger, docs/decisions/012). better-auth's /update-user
 *   is closed.
 * - 'Start selling' switches a buyer or community account to creator with the sign-up rule
 *   for the company or project name.
 */
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { keysetTime } from '../_shared/keyset.repository';
import { toNumber } from '@/src/shared/products';
import { validateCompany } from '@/src/shared/auth-validation';
import { uuid } from '@/src/shared/api/contract';
import type { ProfilePatch, ProfileReplace } from '@/src/shared/api/schemas/profile';
import { PORTFOLIO_PAGE_SIZE, SOCIAL_NETWORKS, type DownloadHistoryItem, type OwnProduct, type PortfolioSort, type ProfileStats } from '@/src/shared/profile';
import type { PortfolioItem, PublicProfile, SellerReviewView } from '@/src/shared/api/schemas/profile';
import type { CategoryId } from '@/src/shared/domain';
import { isUserId } from '@/src/shared/ids';
import { isFollowingPerson } from '../follows/follows.service';
import { findOwnReview, listSellerReviews } from '../reviews/reviews.service';
import {
  findProfile,
  listDownloads,
  listOwnProducts,
  listPortfolio,
  listPortfolioCategories,
  lockProfile,
  publishedFigures,
  setCreatorType,
  updateProfileFields,
  type PortfolioPosition,
  type ProfileRow,
} from './profiles.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

const isWebUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

/** The stored links of the known networks that are http(s) URLs: the only ones ever rendered as links. */
function socialLinksOf(row: ProfileRow): Record<string, string> {
  const stored = (row.social_links && typeof row.social_links === 'object' ? row.social_links : {}) as Record<string, unknown>;
  const links: Record<string, string> = {};
  for (const { id } of SOCIAL_NETWORKS) {
    const url = stored[id];
    if (isWebUrl(url)) links[id] = url;
  }
  return links;
}

function toPublicProfile(row: ProfileRow): PublicProfile {
  return {
    id: row.id,
    handle: row.handle ?? null,
    fullName: row.full_name?.trim() || 'User',
    userType: row.user_type,
    company: row.company,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    bannerImageUrl: row.banner_image_url,
    socialLinks: socialLinksOf(row),
    specialties: row.specialties ?? [],
    location: row.location,
    website: isWebUrl(row.website) ? row.website : null,
    verified: row.verified,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    averageRating: toNumber(row.average_rating, 0),
    reviewCount: row.review_count,
    createdAt: iso(row.created_at),
  };
}

/**
 * A profile the team hid (docs/decisions/037): its own words and pictures leave the public page
 * (the name stays, so reviews and products still say whose they are); its owner still sees them.
 */
function withoutOwnWords(profile: PublicProfile): PublicProfile {
  return { ...profile, company: null, bio: null, avatarUrl: null, bannerImageUrl: null, socialLinks: {}, specialties: [], location: null, website: null };
}

function isSeller(profile: Pick<PublicProfile, 'userType'>, stats: ProfileStats): boolean {
  return profile.userType === 'creator' || stats.products > 0;
}

export interface PortfolioPage {
  items: PortfolioItem[];
  nextCursor: string | null;
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

/** Each sort's cursor: the sort itself, then the values its order compares. */
const PORTFOLIO_CURSORS = {
  newest: z.strictObject({ s: z.literal('newest'), at: keysetTime(), id: uuid() }),
  popular: z.strictObject({ s: z.literal('popular'), d: z.int().check(z.minimum(0)), at: keysetTime(), id: uuid() }),
  top_rated: z.strictObject({ s: z.literal('top_rated'), r: z.string().check(z.regex(/^\d{1,3}(\.\d{1,6})?$/)), d: z.int().check(z.minimum(0)), id: uuid() }),
} satisfies Record<PortfolioSort, z.ZodMiniType<PortfolioPosition>>;

type PortfolioRow = Awaited<ReturnType<typeof listPortfolio>>[number];

function portfolioPosition(sort: PortfolioSort, row: PortfolioRow): PortfolioPosition {
  if (sort === 'popular') return { s: sort, d: row.downloads_count, at: row.cursor_at, id: row.id };
  if (sort === 'top_rated') return { s: sort, r: String(row.rating_score), d: row.downloads_count, id: row.id };
  return { s: sort, at: row.cursor_at, id: row.id };
}

export async function getPortfolio(
  db: Db,
  creatorId: string,
  options: { sort?: PortfolioSort; category?: CategoryId | undefined; cursor?: string | undefined; limit?: number } = {},
): Promise<PortfolioPage> {
  const sort = options.sort ?? 'newest';
  const limit = options.limit ?? PORTFOLIO_PAGE_SIZE;
  const after = decodeCursor(options.cursor, PORTFOLIO_CURSORS[sort]);
  const rows = await listPortfolio(db, creatorId, { sort, categoryId: options.category ?? null, after, limit: limit + 1 });
  const page = pageOf(rows, limit, (row) => portfolioPosition(sort, row));
  return {
    items: page.items.map((r) => ({
      id: r.id,
      title: r.title,
      shortDescription: r.short_description ?? '',
      price: toNumber(r.price, 0),
      pricingModel: r.pricing_model,
      payWhatYouWant: r.pay_what_you_want,
      rating: toNumber(r.rating, 0),
      downloadsCount: r.downloads_count,
      imageUrl: r.image_url,
      categoryId: r.category_id,
      createdAt: iso(r.created_at),
      bundleItemCount: Number(r.bundle_item_count),
    })),
    nextCursor: page.nextCursor,
  };
}

export async function getPublicPortfolio(db: Db, creatorId: string, options: Parameters<typeof getPortfolio>[2]): Promise<PortfolioPage> {
  if (!(await findProfile(db, creatorId))) throw new AppError('PROFILE_NOT_FOUND');
  return getPortfolio(db, creatorId, options);
}

/** Everything /profile/{userId} shows, for a visitor or a signed-in viewer; null when there is no such profile. */
export async function getProfilePage(db: Db, profileId: string, viewerId: string | null | undefined): Promise<ProfilePage | null> {
  if (!isUserId(profileId)) return null;
  const row = await findProfile(db, profileId);
  // A deleted account's profile is a tombstone kept for its orders: not a page (docs/decisions/032).
  if (!row || row.deleted_at) return null;
  const profile = row.hidden_at && viewerId !== profileId ? withoutOwnWords(toPublicProfile(row)) : toPublicProfile(row);
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
      pricingModel: p.pricing_model,
      payWhatYouWant: p.pay_what_you_want,
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

type EditableFields = Parameters<typeof updateProfileFields>[2];

/** A profile's links changed by a patch: a link per network, null removes it, a missing one stays. */
function mergeLinks(current: Record<string, string>, patch: ProfilePatch['socialLinks']): Record<string, string> {
  if (patch === null) return {};
  const links = { ...current };
  for (const [network, url] of Object.entries(patch ?? {})) {
    if (url === undefined) continue;
    if (url === null) delete links[network];
    else links[network] = url;
  }
  return links;
}

/**
 * Saves the editable fields `change` computes from the locked row, after the company rule of
 * the account type (creators need one). One transaction, so two edits at once never mix.
 */
async function saveOwnProfile(db: Db, userId: string, change: (current: ProfileRow) => EditableFields): Promise<PublicProfile> {
  return db.transaction().execute(async (trx) => {
    const current = await lockProfile(trx, userId);
    if (!current) throw new AppError('PROFILE_NOT_FOUND');
    const values = change(current);
    const message = validateCompany(current.user_type, (values.company === undefined ? current.company : values.company) ?? '');
    if (message) throw new AppError('VALIDATION_FAILED', undefined, { company: message });
    const row = await updateProfileFields(trx, userId, values);
    if (!row) throw new AppError('PROFILE_NOT_FOUND');
    return toPublicProfile(row);
  });
}

/** PUT /api/profile: every editable field from `input` (ProfileReplaceSchema's output); read-only fields are ignored. */
export async function replaceOwnProfile(db: Db, userId: string, input: ProfileReplace): Promise<PublicProfile> {
  return saveOwnProfile(db, userId, () => ({
    fullName: input.fullName,
    bio: input.bio ?? null,
    company: input.company ?? null,
    location: input.location ?? null,
    website: input.website ?? null,
    socialLinks: mergeLinks({}, input.socialLinks ?? null),
    specialties: input.specialties ?? [],
  }));
}

/** PATCH /api/profile: the fields `input` holds (ProfilePatchSchema's output); null empties one, socialLinks merges by network. */
export async function patchOwnProfile(db: Db, userId: string, input: ProfilePatch): Promise<PublicProfile> {
  return saveOwnProfile(db, userId, (current) => ({
    ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.company !== undefined ? { company: input.company } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(input.socialLinks !== undefined ? { socialLinks: mergeLinks(socialLinksOf(current), input.socialLinks) } : {}),
    ...(input.specialties !== undefined ? { specialties: input.specialties ?? [] } : {}),
  }));
}

/**
 * 'Start selling': a buyer or community account becomes a creator, naming its company or
 * project with the sign-up rules (spec section 5). A creator calling it again may change the
 * name the same way. Publishing still needs a verified email.
 */
export async function becomeCreator(db: Db, userId: string, input: { company?: string | null | undefined }): Promise<PublicProfile> {
  const company = input.company ?? '';
  const message = validateCompany('creator', company);
  if (message) throw new AppError('VALIDATION_FAILED', message, { company: message });
  const row = await setCreatorType(db, userId, company);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toPublicProfile(row);
}
