/**
 * The product question notice (issue 16, docs/decisions/036): a question thread on a product
 * tells the product's creator (community_product_question, from the asker), in the transaction
 * that creates the thread, wherever it is asked (the product page's 'Ask a question' or the
 * community's own form with a product). Not when the creator asks on their own product.
 */
import type { Db } from '@/db/database';

export async function notifyProductQuestion(trx: Db, question: { threadId: string; productId: string; askerId: string }): Promise<void> {
  const product = await trx.selectFrom('products').select('creator_id').where('id', '=', question.productId).executeTakeFirst();
  if (!product || product.creator_id === question.askerId) return;
  await trx
    .insertInto('user_notifications')
    .values({
      user_id: product.creator_id,
      kind: 'community_product_question',
      community_thread_id: question.threadId,
      actor_id: question.askerId,
      reason: null,
      update_id: null,
      order_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
