/**
 * Product questions (issue 16, docs/decisions/036): the product page's 'Questions' panel lists
 * a published product's question threads, and 'Ask a question' creates one (a thread of kind
 * 'question' linked to the product, in its AI tool's space or Help, through the community's
 * own thread creation so the posting rules, Markdown and mentions are the same) and notifies
 * the product's creator with a community_product_question notice in the same transaction.
 * A community write (it creates a thread); the questions' own reads are Q&A's
 * (functions/community-qa), which imports nothing of the community (docs/decisions/063).
 */
import type { Db } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';
import { decodeCursor, pageOf } from '@/functions/_shared/cursor';
import { positionOf, TimeKeysetSchema } from '@/functions/_shared/keyset.repository';
import { isUuid } from '@/src/shared/ids';
import { threadPath } from '@/src/shared/community';
import type { ProductQuestion } from '@/src/shared/api/schemas/community-qa';
import type { ProductQuestionInput } from '@/src/shared/api/schemas/community-qa';
import type { SessionUser } from '@/src/shared/session';
import { Created } from '@/functions/_shared/endpoint';
import { findPublishedProduct, listProductQuestions, questionSpaceFor, type ProductQuestionRow } from '../community-qa/questions.repository';
import { createThread } from './community.service';
import { reputationScores } from '../community-qa/reputation.service';

const iso = (v: Date | string) => new Date(v).toISOString();

function toQuestion(row: ProductQuestionRow, reputation: Map<string, number>): ProductQuestion {
  return {
    id: row.id,
    title: row.title,
    url: threadPath(row.id),
    spaceId: row.space_id,
    author: { id: row.author_id, fullName: row.full_name?.trim() || 'Member', handle: row.handle, reputation: reputation.get(row.author_id) ?? 0 },
    replyCount: row.reply_count,
    voteCount: row.vote_count,
    answered: Boolean(row.answered),
    creatorReplied: Boolean(row.creator_replied),
    createdAt: iso(row.created_at),
  };
}

async function publishedProductOrThrow(db: Db, productId: string) {
  const product = isUuid(productId) ? await findPublishedProduct(db, productId) : undefined;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return product;
}

export async function pageProductQuestions(db: Db, productId: string, query: { cursor?: string | undefined; limit: number }) {
  const product = await publishedProductOrThrow(db, productId);
  const position = decodeCursor(query.cursor, TimeKeysetSchema);
  const rows = await listProductQuestions(db, product, { after: position, limit: query.limit + 1 });
  const page = pageOf(rows, query.limit, positionOf);
  const reputation = await reputationScores(
    db,
    page.items.map((r) => r.author_id),
  );
  return { items: page.items.map((r) => toQuestion(r, reputation)), nextCursor: page.nextCursor };
}

/** One question of a product, as the panel lists it. */
async function productQuestion(db: Db, product: { id: string; creator_id: string }, threadId: string): Promise<ProductQuestion> {
  const [row] = await listProductQuestions(db, product, { limit: 1, threadId });
  if (!row) throw new AppError('THREAD_NOT_FOUND');
  return toQuestion(row, await reputationScores(db, [row.author_id]));
}

/**
 * 'Ask a question' on a product page: a question thread linked to the product, in its tool's
 * space or Help, through the community's own thread creation (posting rules, Markdown,
 * mentions, the author following it), which also tells the product's creator
 * (notices.ts, in the same transaction).
 */
export async function askProductQuestion(db: Db, user: SessionUser, productId: string, input: ProductQuestionInput): Promise<Created<ProductQuestion>> {
  const product = await publishedProductOrThrow(db, productId);
  const spaceId = await questionSpaceFor(db, product.ai_tool_type);
  const thread = await createThread(db, user.id, {
    spaceId,
    kind: 'question',
    title: input.title,
    body: input.body,
    tags: [],
    productIds: [],
    toolIds: [],
    productId: product.id,
  });
  return new Created(await productQuestion(db, product, thread.id));
}
