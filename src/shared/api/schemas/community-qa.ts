/**
 * Q&A as the API reads and answers it (issue 16, docs/decisions/036): marking a question's
 * answer, a product's questions and asking one. zod/mini: the 'Ask a question' form validates
 * with the same schema (docs/decisions/019, 022). A question's title and body follow the
 * community's limits (src/shared/community.ts).
 */
import * as z from 'zod/mini';
import { POST_BODY_MAX, THREAD_TITLE_MAX, THREAD_TITLE_MIN } from '../../community';
import { AUTHOR_BADGES } from '../../community-qa';
import { strictObject, userText } from './fields';
import { uuid } from '../contract';

// --- Requests -------------------------------------------------------------------------------

export const AcceptAnswerInputSchema = strictObject({ replyId: uuid() });
export type AcceptAnswerInput = z.output<typeof AcceptAnswerInputSchema>;

const TITLE_MESSAGE = `The title must be ${THREAD_TITLE_MIN} to ${THREAD_TITLE_MAX} characters`;
const BODY_REQUIRED = 'Describe your question';

/** A question on a product: a title of 5 to 150 characters and a Markdown body of up to 20,000. */
export const ProductQuestionInputSchema = strictObject({
  title: userText((t) => (t.length < THREAD_TITLE_MIN || t.length > THREAD_TITLE_MAX ? TITLE_MESSAGE : null), { required: TITLE_MESSAGE }),
  body: userText((b) => (!b ? BODY_REQUIRED : b.length > POST_BODY_MAX ? `At most ${POST_BODY_MAX.toLocaleString('en-US')} characters` : null), {
    required: BODY_REQUIRED,
  }),
});
export type ProductQuestionInput = z.output<typeof ProductQuestionInputSchema>;

// --- Answers --------------------------------------------------------------------------------

export const AcceptedAnswerSchema = z.object({
  threadId: z.string(),
  /** The reply marked as the answer, or null. */
  acceptedReplyId: z.nullable(z.string()),
});
export type AcceptedAnswerView = z.output<typeof AcceptedAnswerSchema>;

export const AuthorBadgeSchema = z.enum(AUTHOR_BADGES);

/** A question in a product's 'Questions' panel. */
export const ProductQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The thread page: /community/{id}. */
  url: z.string(),
  spaceId: z.string(),
  author: z.object({ id: z.string(), fullName: z.string(), handle: z.nullable(z.string()), reputation: z.number() }),
  replyCount: z.number(),
  voteCount: z.number(),
  /** Whether a reply is marked as the answer. */
  answered: z.boolean(),
  /** The product's creator replied. */
  creatorReplied: z.boolean(),
  createdAt: z.string(),
});
export type ProductQuestion = z.output<typeof ProductQuestionSchema>;
