/**
 * The marketplace's #creators view: the creators behind the current results (name, avatar,
 * verified badge, seller rating, followers, how many of the results are theirs), each
 * linking to /profile/{id}. Rendered by MarketplaceSearch.tsx.
 */
import { formatCount } from '@/src/shared/format';
import type { CreatorSummary } from './marketplace-query';

export default function MarketplaceCreators({ creators }: { creators: CreatorSummary[] }) {
  return (
    <ul className="grid grid-3 mk-creators" role="list">
      {creators.map((c) => (
        <li key={c.id} className="mk-creator card">
          {c.avatarUrl ? (
            <img className="mk-avatar" src={c.avatarUrl} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <span className="mk-avatar mk-avatar-initial" aria-hidden="true">
              {(c.fullName.trim()[0] ?? '?').toUpperCase()}
            </span>
          )}
          <div className="mk-creator-text">
            <h3>
              <a href={`/profile/${encodeURIComponent(c.id)}`}>{c.fullName}</a>
            </h3>
            <p className="mk-creator-meta">
              {c.verified ? <span className="badge badge-verified">Verified</span> : null}
              <span className="pcard-rating">{c.averageRating > 0 ? `★ ${c.averageRating.toFixed(1)}` : 'New creator'}</span>
              <span>
                {formatCount(c.followerCount)} {c.followerCount === 1 ? 'follower' : 'followers'}
              </span>
            </p>
            <p className="muted mk-creator-count">
              {c.productCount} {c.productCount === 1 ? 'product' : 'products'} in these results
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
