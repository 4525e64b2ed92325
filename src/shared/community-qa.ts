/**
 * Q&A and the community's links on other pages (issue 16, docs/decisions/036): where the
 * dashboard, onboarding, product and tool pages send people, the badges an author line can
 * carry, and the words of the Q&A. Isomorphic and dependency-free.
 */

/** Where the community's entry points lead. */
export const COMMUNITY_LINKS = {
  spaces: '/community',
  newThread: '/community/new',
  unanswered: '/community?sort=unanswered',
} as const;

/**
 * Badges on an author line: 'creator' on a product question, for the product's creator;
 * 'maintainer' in a tool's space, for the person who claimed the tool (ai_tools.claimed_by).
 */
export const AUTHOR_BADGES = ['creator', 'maintainer'] as const;
export type AuthorBadge = (typeof AUTHOR_BADGES)[number];
export const AUTHOR_BADGE_LABELS: Record<AuthorBadge, string> = { creator: 'Creator', maintainer: 'Maintainer' };
export const AUTHOR_BADGE_TITLES: Record<AuthorBadge, string> = {
  creator: 'The creator of this product',
  maintainer: 'The maintainer of this AI tool',
};

/** Product questions a product page loads at a time. */
export const PRODUCT_QUESTIONS_PAGE = 5;
/** Latest discussions a tool page shows. */
export const TOOL_DISCUSSIONS_SHOWN = 5;

export const ANSWER_LABEL = 'Accepted answer';
