/**
 * The stats row of a public profile: followers (live after Follow / Unfollow), following,
 * products, downloads, and for sellers the average rating with its review count (live after
 * a review is added, edited or deleted), and everyone's reputation (docs/decisions/036).
 */
import { useStore } from '@nanostores/react';
import { formatCount } from '@/src/shared/format';
import { $profileFollowers, $sellerRating } from '@/src/stores/profile';

interface Props {
  followerCount: number;
  followingCount: number;
  products: number;
  downloads: number;
  averageRating: number;
  reviewCount: number;
  isSeller: boolean;
  /** The reputation figure and what it is made of (src/shared/reputation.ts). */
  reputation: number;
  reputationBreakdown: string;
}

export default function ProfileStats(props: Props) {
  const followers = useStore($profileFollowers) ?? props.followerCount;
  const rating = useStore($sellerRating) ?? { averageRating: props.averageRating, reviewCount: props.reviewCount };
  const stats: { label: string; value: string; key: string; title?: string }[] = [
    { label: followers === 1 ? 'Follower' : 'Followers', value: formatCount(followers), key: 'followers' },
    { label: 'Following', value: formatCount(props.followingCount), key: 'following' },
    ...(props.isSeller
      ? [
          { label: props.products === 1 ? 'Product' : 'Products', value: formatCount(props.products), key: 'products' },
          { label: 'Downloads', value: formatCount(props.downloads), key: 'downloads' },
          {
            label: rating.reviewCount ? `${rating.reviewCount} ${rating.reviewCount === 1 ? 'review' : 'reviews'}` : 'No reviews yet',
            value: rating.reviewCount ? `★ ${rating.averageRating.toFixed(1)}` : '–',
            key: 'rating',
          },
        ]
      : []),
    { label: 'Reputation', value: formatCount(props.reputation), key: 'reputation', title: props.reputationBreakdown },
  ];
  return (
    <dl className="pstats">
      {stats.map((s) => (
        <div key={s.key} data-stat={s.key} title={s.title}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
