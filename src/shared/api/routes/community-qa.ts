/**
 * Q&A (issue 16, docs/decisions/036): marking a question's answer, a product's questions and
 * asking one from the product page. Account routes: no API key reaches the writes (no
 * `scope`), only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { PRODUCT_QUESTIONS_PAGE } from '../../community-qa';
import {
  AcceptAnswerInputSchema,
  AcceptedAnswerSchema,
  AdminReputationSchema,
  ProductQuestionInputSchema,
  ProductQuestionSchema,
  ResetReputationInputSchema,
} from '../schemas/community-qa';
import { userId } from './profile';

const EXAMPLE_THREAD = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const EXAMPLE_REPLY = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const EXAMPLE_PRODUCT = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';
const threadParams = z.strictObject({ threadId: uuid() });
const productParams = z.strictObject({ id: uuid() });

const WHO_MARKS = "The question's author, or the creator of the product a product question is about; anyone else: 403 CANNOT_ACCEPT_ANSWER.";

export const acceptAnswer = defineRoute({
  method: 'PUT',
  path: '/api/community/threads/{threadId}/answer',
  operationId: 'acceptCommunityAnswer',
  tag: 'Community',
  summary: "Mark a reply as the question's answer (or change it)",
  description: `${WHO_MARKS} The reply must be a listed reply of this thread. Its author is notified (community_answer_accepted); marking the same reply again changes nothing.`,
  auth: 'verified',
  params: threadParams,
  body: json(AcceptAnswerInputSchema),
  response: json(AcceptedAnswerSchema),
  errors: ['THREAD_NOT_FOUND', 'REPLY_NOT_FOUND', 'CANNOT_ACCEPT_ANSWER', 'NOT_A_QUESTION', 'THREAD_LOCKED'],
  example: { params: { threadId: EXAMPLE_THREAD }, body: { replyId: EXAMPLE_REPLY } },
});

export const clearAnswer = defineRoute({
  method: 'DELETE',
  path: '/api/community/threads/{threadId}/answer',
  operationId: 'clearCommunityAnswer',
  tag: 'Community',
  summary: "Clear a question's accepted answer (idempotent)",
  description: WHO_MARKS,
  auth: 'verified',
  params: threadParams,
  response: json(AcceptedAnswerSchema),
  errors: ['THREAD_NOT_FOUND', 'CANNOT_ACCEPT_ANSWER', 'NOT_A_QUESTION', 'THREAD_LOCKED'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const listProductQuestions = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/questions',
  operationId: 'listProductQuestions',
  tag: 'Community',
  summary: "A published product's questions, newest first",
  description: `Question threads linked to the product that are listed (not deleted or hidden); \`limit\` 1 to 100 (default ${PRODUCT_QUESTIONS_PAGE}).`,
  auth: 'public',
  params: productParams,
  query: z.strictObject({ ...pageQuery(PRODUCT_QUESTIONS_PAGE) }),
  response: json(page(ProductQuestionSchema)),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_PRODUCT }, query: { limit: '5' } },
});

export const askProductQuestion = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/questions',
  operationId: 'askProductQuestion',
  tag: 'Community',
  summary: 'Ask a question about a published product',
  description:
    "Creates a question thread linked to the product in its AI tool's space (the Help space for a product without one) and notifies the product's creator (community_product_question). The community's posting rules apply as for any thread.",
  auth: 'verified',
  status: 201,
  params: productParams,
  body: json(ProductQuestionInputSchema),
  response: json(ProductQuestionSchema),
  errors: ['PRODUCT_NOT_FOUND', 'THREAD_LOCKED'],
  example: {
    params: { id: EXAMPLE_PRODUCT },
    body: { title: 'Does it work with HubSpot free?', body: 'I am on the free CRM plan. Does the workflow need custom properties?' },
  },
});

const EXAMPLE_USER = 'demo-maya-chen';
const userParams = z.strictObject({ userId: userId() });

export const getUserReputation = defineRoute({
  method: 'GET',
  path: '/api/admin/users/{userId}/reputation',
  operationId: 'getUserReputation',
  tag: 'Admin',
  summary: "A person's reputation, what it is made of, and its resets (administrators only)",
  description:
    'Counted as on the profile: what others gave counts only from verified accounts at least a day old, one source per giver and day, never from the address the person signed up from, and only after the newest reset (docs/decisions/052).',
  auth: 'user',
  params: userParams,
  response: json(AdminReputationSchema),
  errors: ['FORBIDDEN', 'PROFILE_NOT_FOUND'],
  example: { params: { userId: EXAMPLE_USER } },
});

export const resetUserReputation = defineRoute({
  method: 'POST',
  path: '/api/admin/users/{userId}/reputation/reset',
  operationId: 'resetUserReputation',
  tag: 'Admin',
  summary: "Reset a person's reputation to zero, with a reason (administrators only)",
  description:
    'Logged with who, when, why and the figure before. From then on only what others give, and reviews the person writes, after the reset count; nothing is deleted.',
  auth: 'user',
  params: userParams,
  body: json(ResetReputationInputSchema),
  response: json(AdminReputationSchema),
  errors: ['FORBIDDEN', 'PROFILE_NOT_FOUND'],
  example: { params: { userId: EXAMPLE_USER }, body: { reason: 'Up-votes from accounts made to farm reputation.' } },
});

export const communityQaRoutes = [acceptAnswer, clearAnswer, listProductQuestions, askProductQuestion, getUserReputation, resetUserReputation] as const;
