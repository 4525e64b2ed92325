/**
 * Q&A as the API reads and answers it (issue 16, docs/decisions/036): marking a question's
 * answer, a product's questions and asking one. zod/mini: the 'Ask a question' form validates
 * with the same schema (docs/decisions/019, 022). A question's title and body follow the
 * community's limits (src/shared/community.ts).
 */
import * as z from 'zod/mini';
import { strictObject } from './fields';
import { postBody, threadTitle } from './community';
import { uuid } from '../contract';
import { LiftSuspensionInputSchema } from './moderation';

// --- Requests -------------------------------------------------------------------------------

export const AcceptAnswerInputSchema = strictObject({ replyId: uuid() });

/** A question on a product: the thread form's title (5 to 150 characters) and Markdown body (up to 20,000). */
export const ProductQuestionInputSchema = strictObject({ title: threadTitle(), body: postBody() });
export type ProductQuestionInput = z.output<typeof ProductQuestionInputSchema>;

// --- Answers --------------------------------------------------------------------------------

export const AcceptedAnswerSchema = z.object({
  threadId: z.string(),
  /** The reply marked as the answer, or null. */
  acceptedReplyId: z.nullable(z.string()),
});

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

// --- An administrator's view and reset of a reputation (issue 29, docs/decisions/052) -------

/** Why a reputation is reset: required, logged with who and when (the moderation reason's rules). */
export const ResetReputationInputSchema = strictObject({ reason: LiftSuspensionInputSchema.shape.reason });
export type ResetReputationInput = z.output<typeof ResetReputationInputSchema>;

const ReputationPartsSchema = z.object({ upvotes: z.number(), acceptedAnswers: z.number(), reviews: z.number(), followers: z.number() });

const ReputationResetSchema = z.object({
  id: z.string(),
  reason: z.string(),
  /** The figure just before the reset. */
  scoreBefore: z.number(),
  /** The administrator (null once their account is gone). */
  actor: z.nullable(z.object({ id: z.string(), fullName: z.string() })),
  createdAt: z.string(),
});

export const AdminReputationSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  score: z.number(),
  parts: ReputationPartsSchema,
  /** Newest first; only what was given after the newest counts. */
  resets: z.array(ReputationResetSchema),
});
export type AdminReputation = z.output<typeof AdminReputationSchema>;
