/**
 * The badges of a community author line (issue 16, docs/decisions/036): 'Creator' for the
 * creator of the product a question is about, 'Maintainer' for the person who claimed the AI
 * tool of the space (ai_tools.claimed_by). One read per thread (the product's creator and the
 * space's tool, by primary and unique keys), then a pure lookup per author.
 */
import type { Db } from '@/db/database';
import type { AuthorBadge } from '@/src/shared/community-qa';
import { findProductCreator, findSpaceToolClaimant, findToolSpace } from './answers.repository';

export interface BadgeContext {
  creatorId: string | null;
  maintainerId: string | null;
}

export const NO_BADGES: BadgeContext = { creatorId: null, maintainerId: null };

export async function badgeContext(db: Db, thread: { productId: string | null; spaceId: string }): Promise<BadgeContext> {
  const [product, tool] = await Promise.all([
    thread.productId ? findProductCreator(db, thread.productId) : undefined,
    findSpaceToolClaimant(db, thread.spaceId),
  ]);
  return { creatorId: product?.creator_id ?? null, maintainerId: tool?.claimed_by ?? null };
}

export function badgesFor(authorId: string | null | undefined, context: BadgeContext): AuthorBadge[] {
  if (!authorId) return [];
  const badges: AuthorBadge[] = [];
  if (context.creatorId === authorId) badges.push('creator');
  if (context.maintainerId === authorId) badges.push('maintainer');
  return badges;
}

/** The community space of an AI tool (kept by a trigger on ai_tools), for its tool page. */
export async function toolSpaceId(db: Db, toolId: string): Promise<string | null> {
  const row = await findToolSpace(db, toolId);
  return row?.id ?? null;
}
