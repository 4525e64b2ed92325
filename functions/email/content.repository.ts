/**
 * The reads behind what each email says (docs/decisions/041, content.ts): the rows an
 * email_messages reference names (a tool update, a product, an order and its refund request, a
 * review), read at send time. Functions take `db` or a transaction first.
 */
import type { Db } from '@/db/database';

export async function findToolUpdateForEmail(db: Db, updateId: string) {
  return db
    .selectFrom('ai_tool_updates as u')
    .innerJoin('ai_tools as t', 't.id', 'u.tool_id')
    .select(['u.id', 'u.tool_id', 'u.title', 'u.content', 'u.update_type', 'u.version', 't.name as tool_name', 't.detail_page'])
    .where('u.id', '=', updateId)
    .executeTakeFirst();
}

/** Why the user has a notice of this update (following the tool, or a product built on it). */
export async function findUpdateNoticeReason(db: Db, userId: string, updateId: string) {
  return db.selectFrom('user_notifications').select('reason').where('user_id', '=', userId).where('update_id', '=', updateId).executeTakeFirst();
}

export async function findProductForEmail(db: Db, productId: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('profiles as c', 'c.id', 'p.creator_id')
    .select(['p.id', 'p.title', 'p.short_description', 'p.description', 'p.status', 'c.id as creator_id', 'c.full_name', 'c.handle'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}

export async function findOrderForEmail(db: Db, orderId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.number', 'o.kind', 'o.amount_cents', 'o.fee_cents', 'o.status', 'o.affiliate_user_id', 'o.affiliate_commission_cents', 'p.title'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export async function findRefundRequestForEmail(db: Db, orderId: string) {
  return db.selectFrom('refund_requests').select(['reason', 'status']).where('order_id', '=', orderId).executeTakeFirst();
}

export async function findReviewForEmail(db: Db, reviewId: string) {
  return db
    .selectFrom('product_reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('profiles as a', 'a.id', 'r.reviewer_id')
    .select(['r.rating', 'r.review_text', 'p.id as product_id', 'p.title', 'a.full_name'])
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
}

/** A creator's email to customers (docs/decisions/078) with its creator's name and handle and its product's title. */
export async function findCreatorEmailForEmail(db: Db, customerEmailId: string) {
  return db
    .selectFrom('customer_emails as e')
    .innerJoin('profiles as c', 'c.id', 'e.creator_id')
    .leftJoin('products as p', 'p.id', 'e.product_id')
    .select(['e.id', 'e.audience', 'e.subject', 'e.body_html', 'c.id as creator_id', 'c.full_name', 'c.handle', 'p.title as product_title'])
    .where('e.id', '=', customerEmailId)
    .executeTakeFirst();
}
