/**
 * A buyer's home (issue 15, docs/decisions/030): what /profile shows a user about what they
 * got and follow, never what they sold. Their library is the payments issue's own
 * (functions/payments/orders.service.ts getLibrary: paid and refunded orders and free
 * downloads, which outlive the product: a product someone bought or downloaded is archived,
 * not deleted), their favorites functions/favorites, their followed tools functions/follows;
 * the creators they follow and the seller reviews they wrote are read here
 * (home.repository.ts). Product reviews they wrote are the reviews domain's ('Reviews you
 * wrote'), shown next to these on the page.
 */
import type { Db } from '@/db/database';
import type { LibraryItem } from '@/src/shared/api/schemas/payments';
import type { ProductCard } from '@/src/shared/products';
import { toolDetailsHref } from '@/src/shared/tool-pages';
import { getLibrary } from '../payments/orders.service';
import { listFavorites } from '../favorites/favorites.service';
import { listMyFollowedTools } from '../follows/follows.service';
import { countWrittenReviews } from '../product-reviews/product-reviews.repository';
import { countFavorites, countFollowedCreators, countSellerReviewsWrittenBy, listFollowedCreators, listSellerReviewsWrittenBy } from './home.repository';

/** How many of each the page shows before its 'See all' link. */
const HOME_SHOWN = { library: 5, favorites: 6, creators: 12, reviews: 5 } as const;

export interface BuyerHome {
  library: { items: LibraryItem[]; total: number };
  favorites: { items: ProductCard[]; total: number };
  /** Each followed tool with its page: the detail page, or the landing page of a tool without one. */
  followedTools: { toolId: string; name: string; href: string }[];
  followedCreators: { items: { id: string; fullName: string; avatarUrl: string | null; company: string | null }[]; total: number };
  /** How many product reviews they wrote (the reviews domain lists them itself). */
  productReviewCount: number;
  sellerReviews: { items: { id: string; sellerId: string; sellerName: string; rating: number; text: string | null; updatedAt: string }[]; total: number };
}

export async function getBuyerHome(db: Db, userId: string): Promise<BuyerHome> {
  const [library, favorites, favoriteCount, tools, creators, creatorCount, reviews, reviewCount, productReviewCount] = await Promise.all([
    getLibrary(db, userId),
    listFavorites(db, userId, { limit: HOME_SHOWN.favorites }),
    countFavorites(db, userId),
    listMyFollowedTools(db, userId),
    listFollowedCreators(db, userId, HOME_SHOWN.creators),
    countFollowedCreators(db, userId),
    listSellerReviewsWrittenBy(db, userId, HOME_SHOWN.reviews),
    countSellerReviewsWrittenBy(db, userId),
    countWrittenReviews(db, userId),
  ]);
  return {
    library: { items: library.slice(0, HOME_SHOWN.library), total: library.length },
    favorites: { items: favorites.items, total: favoriteCount },
    followedTools: tools.map((t) => ({ toolId: t.toolId, name: t.name, href: toolDetailsHref({ id: t.toolId, hasDetailPage: t.hasDetailPage }) })),
    followedCreators: {
      items: creators.map((c) => ({ id: c.id, fullName: c.full_name?.trim() || 'Unknown Creator', avatarUrl: c.avatar_url, company: c.company })),
      total: creatorCount,
    },
    productReviewCount,
    sellerReviews: {
      items: reviews.map((r) => ({
        id: r.id,
        sellerId: r.seller_id,
        sellerName: r.seller_name?.trim() || 'Unknown Creator',
        rating: r.rating,
        text: r.review_text,
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
      total: reviewCount,
    },
  };
}
