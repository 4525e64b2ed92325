/**
 * The figure cards at the top of one's own /profile (issue 15, docs/decisions/030). A seller (a
 * creator, or anyone who has products) keeps the seller cards: followers, sales, reviews,
 * earnings. Everyone else gets their home's: library, favorites, following, reviews written;
 * never sales or earnings. Pure, so the rule is tested with real figures.
 */
import type { BuyerHome } from '@/functions/home/home.service';
import type { UserType } from '@/src/shared/domain';
import { formatCount, formatPrice } from '@/src/shared/format';

export interface ProfileCard {
  href: string;
  label: string;
  value: string;
  more: string;
}

/** Whether /profile shows the seller view: creators, and anyone with a product of their own. */
export function isSellerView(userType: UserType, productCount: number): boolean {
  return userType === 'creator' || productCount > 0;
}

export function sellerCards(
  profile: { followerCount: number; reviewCount: number; averageRating: number },
  sales: { sales: number; earnings: number },
): ProfileCard[] {
  return [
    { href: '/followers', label: 'Followers', value: formatCount(profile.followerCount), more: 'See your followers' },
    { href: '/sales', label: 'Sales', value: formatCount(sales.sales), more: 'Sales analytics' },
    {
      href: '/reviews',
      label: 'Reviews',
      value: profile.reviewCount ? `★ ${profile.averageRating.toFixed(1)}` : '–',
      more: profile.reviewCount ? `${profile.reviewCount} ${profile.reviewCount === 1 ? 'review' : 'reviews'}` : 'No reviews yet',
    },
    { href: '/earnings', label: 'Earnings', value: sales.earnings > 0 ? formatPrice(sales.earnings) : '$0.00', more: 'Earnings dashboard' },
  ];
}

export function buyerCards(home: BuyerHome): ProfileCard[] {
  return [
    { href: '/library', label: 'Library', value: formatCount(home.library.total), more: 'Open your library' },
    { href: '#favorites-title', label: 'Favorites', value: formatCount(home.favorites.total), more: 'Your favorites' },
    { href: '#following-title', label: 'Following', value: formatCount(home.followedTools.length + home.followedCreators.total), more: 'Tools and creators' },
    { href: '#reviews-written-title', label: 'Reviews written', value: formatCount(home.sellerReviews.total + home.productReviewCount), more: 'Your reviews' },
  ];
}
