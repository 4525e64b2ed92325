/**
 * The product question notice (issue 16, docs/decisions/036): a question thread on a product
 * tells the product's creator (community_product_question, from the asker), in the transaction
 * that creates the thread, wherever it is asked (the product page's 'Ask a question' or the
 * community's own form with a product). Not when the creator asks on their own product.
 */
import type { Db } from '@/db/database';
import { findProductCreator, insertProductQuestionNotice } from './answers.repository';

export async function notifyProductQuestion(trx: Db, question: { threadId: string; productId: string; askerId: string }): Promise<void> {
  const product = await findProductCreator(trx, question.productId);
  if (!product || product.creator_id === question.askerId) return;
  await insertProductQuestionNotice(trx, { creatorId: product.creator_id, threadId: question.threadId, askerId: question.askerId });
}
