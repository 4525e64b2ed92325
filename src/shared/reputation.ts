/**
 * Reputation (issue 16, docs/decisions/036): one figure per person, made only from what
 * others did with their contributions, plus the reviews they wrote. Defined here once;
 * functions/community-qa/reputation.repository.ts counts the parts from the rows (indexed
 * queries, nothing stored), and the profile pages, the dashboard and the community's author
 * lines show the result. Isomorphic and dependency-free.
 */

/** Points per thing counted. */
export const REPUTATION_POINTS = {
  /** An up-vote another person gave one of your threads or replies (votes on your own posts are refused). */
  upvote: 10,
  /** A reply of yours marked as the answer to someone else's question. */
  acceptedAnswer: 15,
  /** A review you wrote of a product or of a seller. */
  review: 5,
  /** A person following you. */
  follower: 10,
} as const;

/** What a reputation is made of, counted from the rows. */
export interface ReputationParts {
  upvotes: number;
  acceptedAnswers: number;
  reviews: number;
  followers: number;
}

export const NO_REPUTATION: ReputationParts = { upvotes: 0, acceptedAnswers: 0, reviews: 0, followers: 0 };

export function reputationScore(p: ReputationParts): number {
  return (
    p.upvotes * REPUTATION_POINTS.upvote +
    p.acceptedAnswers * REPUTATION_POINTS.acceptedAnswer +
    p.reviews * REPUTATION_POINTS.review +
    p.followers * REPUTATION_POINTS.follower
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** '12 up-votes, 1 accepted answer, 3 reviews, 4 followers': what the figure is made of. */
export function reputationBreakdown(p: ReputationParts): string {
  return [
    count(p.upvotes, 'up-vote', 'up-votes'),
    count(p.acceptedAnswers, 'accepted answer', 'accepted answers'),
    count(p.reviews, 'review', 'reviews'),
    count(p.followers, 'follower', 'followers'),
  ].join(', ');
}

/** How the figure is computed, in words (a tooltip or a hint under a profile's figure). */
export const REPUTATION_RULE =
  `${REPUTATION_POINTS.upvote} per up-vote received, ${REPUTATION_POINTS.acceptedAnswer} per accepted answer, ` +
  `${REPUTATION_POINTS.review} per review written, ${REPUTATION_POINTS.follower} per follower`;
