/**
 * Every query of Q&A answers (docs/decisions/036): a question thread locked for its answer's
 * change, the reply marked, its notice withdrawn; the badges of an author line (the product's
 * creator, the tool's maintainer); the product question notice. Functions take `db` or a
 * transaction first; answers.service.ts holds the rules and the transaction.
 */
import type { Db } from '@/db/database';

/** A listed question thread with its product's creator, locked (`for update`) for its answer's change. */
export async function lockListedThread(trx: Db, threadId: string) {
  return trx
    .selectFrom('community_threads as t')
    .leftJoin('products as p', 'p.id', 't.product_id')
    .select(['t.id', 't.kind', 't.author_id', 't.product_id', 't.accepted_reply_id', 't.locked_at', 'p.creator_id as product_creator_id'])
    .where('t.id', '=', threadId)
    .where('t.deleted_at', 'is', null)
    .where('t.hidden_at', 'is', null)
    .forUpdate('t')
    .executeTakeFirst();
}

export async function deleteAnswerNotice(trx: Db, threadId: string, replyId: string): Promise<void> {
  await trx
    .deleteFrom('user_notifications')
    .where('kind', '=', 'community_answer_accepted')
    .where('community_thread_id', '=', threadId)
    .where('community_reply_id', '=', replyId)
    .execute();
}

/** A listed reply of the thread (not deleted, not hidden). */
export async function findListedReply(trx: Db, threadId: string, replyId: string) {
  return trx
    .selectFrom('community_replies')
    .select(['id', 'author_id'])
    .where('id', '=', replyId)
    .where('thread_id', '=', threadId)
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
}

export async function setAcceptedReply(trx: Db, threadId: string, replyId: string | null): Promise<void> {
  await trx.updateTable('community_threads').set({ accepted_reply_id: replyId }).where('id', '=', threadId).execute();
}

/** A thread in any state with its product's creator, for the visitor's Q&A state. */
export async function findAnswerState(db: Db, threadId: string) {
  return db
    .selectFrom('community_threads as t')
    .leftJoin('products as p', 'p.id', 't.product_id')
    .select(['t.kind', 't.author_id', 't.accepted_reply_id', 't.locked_at', 't.deleted_at', 'p.creator_id as product_creator_id'])
    .where('t.id', '=', threadId)
    .executeTakeFirst();
}

export async function findProductCreator(db: Db, productId: string) {
  return db.selectFrom('products').select('creator_id').where('id', '=', productId).executeTakeFirst();
}

/** The account that claimed the AI tool of a space (none for a space without a tool). */
export async function findSpaceToolClaimant(db: Db, spaceId: string) {
  return db
    .selectFrom('community_spaces as s')
    .innerJoin('ai_tools as t', 't.id', 's.tool_id')
    .select('t.claimed_by')
    .where('s.id', '=', spaceId)
    .executeTakeFirst();
}

/** The community space of an AI tool (kept by a trigger on ai_tools). */
export async function findToolSpace(db: Db, toolId: string) {
  return db.selectFrom('community_spaces').select('id').where('tool_id', '=', toolId).executeTakeFirst();
}

/** The creator's notice of a question on their product (once per thread). */
export async function insertProductQuestionNotice(
  trx: Db,
  { creatorId, threadId, askerId }: { creatorId: string; threadId: string; askerId: string },
): Promise<void> {
  await trx
    .insertInto('user_notifications')
    .values({
      user_id: creatorId,
      kind: 'community_product_question',
      community_thread_id: threadId,
      actor_id: askerId,
      reason: null,
      update_id: null,
      order_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
