/**
 * The details of community author lines (issue 16, docs/decisions/036): each author's
 * reputation (one batched read for every author shown) and, in a thread, the 'Creator' and
 * 'Maintainer' badges (badges.ts). The community's reads (functions/community) pass their
 * answers through here, so the API and the pages show the same.
 */
import type { Db } from '@/db/database';
import type { AuthorBadge } from '@/src/shared/community-qa';
import { badgesFor, NO_BADGES, type BadgeContext } from './badges';
import { reputationScores } from './reputation.service';

interface WithAuthor {
  author: { id: string; reputation: number; badges: AuthorBadge[] } | null;
}

export async function withAuthorDetails<T extends WithAuthor>(db: Db, posts: T[], context: BadgeContext = NO_BADGES): Promise<T[]> {
  const ids = posts.flatMap((p) => (p.author ? [p.author.id] : []));
  if (!ids.length) return posts;
  const reputation = await reputationScores(db, ids);
  return posts.map((p) =>
    p.author ? { ...p, author: { ...p.author, reputation: reputation.get(p.author.id) ?? 0, badges: badgesFor(p.author.id, context) } } : p,
  );
}
