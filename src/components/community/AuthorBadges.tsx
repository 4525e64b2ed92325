/**
 * The badges and reputation of a community author line (issue 16, docs/decisions/036): 'Creator'
 * (the product's creator on its question), 'Maintainer' (the space's AI tool's), then the
 * reputation figure. Plain markup: the thread page renders it on the server and its island
 * for replies it adds.
 */
import { formatCount } from '@/src/shared/format';
import './qa.css';
import { AUTHOR_BADGE_LABELS, AUTHOR_BADGE_TITLES, type AuthorBadge } from '@/src/shared/community-qa';

export function AuthorBadges({ author }: { author: { badges: AuthorBadge[]; reputation: number } | null }) {
  if (!author) return null;
  return (
    <>
      {author.badges.map((b) => (
        <span key={b} className="cm-pill cm-badge" data-author-badge={b} title={AUTHOR_BADGE_TITLES[b]}>
          {AUTHOR_BADGE_LABELS[b]}
        </span>
      ))}
      <span className="cm-rep" title="Reputation" data-reputation>
        {formatCount(author.reputation)} rep
      </span>
    </>
  );
}
