/**
 * Every query of refunds with a policy (docs/decisions/049): what decides a buyer's refund
 * (the product's policy, whether the deliverable was opened since payment, the buyer's recent
 * refunds), the refund_requests rows (one per order: the unique order_id makes a second ask,
 * or a second click, insert nothing), decisions as guarded updates (a request changes status
 * once, so two concurrent decisions give one winner), the escalation of unanswered requests and
 * the lists of /sales, /admin/refunds and /library. Functions take `db` or a transaction first.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import { GRANTED_REFUND_STATUSES, PENDING_REFUND_REQUEST_STATUSES, type RefundDecider, type RefundRequestStatus } from '@/src/shared/domain';

type Q = Kysely<Database> | Transaction<Database>;

/** A download of the product by the buyer since the order was paid: the deliverable was opened. */
function openedSince(buyer: RawBuilder<unknown>) {
  return sql<boolean>`exists (select 1 from downloads d where d.user_id = ${buyer} and d.product_id = o.product_id and d.created_at >= o.paid_at)`;
}

/**
 * An order with what its refund depends on: the product's policy and title, whether the buyer
 * opened the deliverable since paying, and the status of its refund row if it has one.
 */
export async function findOrderForRefund(db: Q, orderId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('refund_requests as r', 'r.order_id', 'o.id')
    .selectAll('o')
    .select(['p.refund_policy', 'p.title as product_title', 'r.status as request_status'])
    .select(openedSince(sql.ref('o.buyer_id')).as('opened'))
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** How many refunds the buyer was granted (instant, or a request approved) since `since`. */
export async function countGrantedRefunds(db: Q, buyerId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('refund_requests')
    .select(sql<string>`count(*)`.as('n'))
    .where('buyer_id', '=', buyerId)
    .where('status', 'in', GRANTED_REFUND_STATUSES)
    .where(sql<Date>`coalesce(decided_at, created_at)`, '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A new refund row for an order, once: null when the order already has one (a second ask, a second click). */
export async function insertRefundRequest(
  db: Q,
  values: { orderId: string; buyerId: string; creatorId: string; status: Extract<RefundRequestStatus, 'instant' | 'open'>; reason: string | null },
) {
  return db
    .insertInto('refund_requests')
    .values({ order_id: values.orderId, buyer_id: values.buyerId, creator_id: values.creatorId, status: values.status, reason: values.reason })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Only for an instant refund the payment provider refused: nothing was refunded, so nothing is recorded. */
export async function deleteInstantRefund(db: Q, id: string): Promise<void> {
  await db.deleteFrom('refund_requests').where('id', '=', id).where('status', '=', 'instant').execute();
}

export async function findRefundRequest(db: Q, id: string) {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * pending -> approved | declined, once: the status condition lets exactly one of two concurrent
 * decisions through (the other updates nothing and gets undefined).
 */
export async function claimRefundDecision(
  db: Q,
  id: string,
  values: {
    from: readonly RefundRequestStatus[];
    to: Extract<RefundRequestStatus, 'approved' | 'declined'>;
    decidedBy: string;
    decider: RefundDecider;
    message: string | null;
  },
) {
  return db
    .updateTable('refund_requests')
    .set({ status: values.to, decided_at: sql`now()`, decided_by: values.decidedBy, decider: values.decider, decision_message: values.message })
    .where('id', '=', id)
    .where('status', 'in', values.from)
    .returningAll()
    .executeTakeFirst();
}

/** An approval whose refund the payment provider refused goes back to what it was, to be decided again. */
export async function undoRefundApproval(db: Q, id: string, status: RefundRequestStatus): Promise<void> {
  await db
    .updateTable('refund_requests')
    .set({ status, decided_at: null, decided_by: null, decider: null, decision_message: null })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .execute();
}

/** Open requests made on or before `before` become 'escalated' (at `now`): the administrators decide them. */
export async function escalateOpenRequests(db: Q, before: Date, now: Date) {
  return db
    .updateTable('refund_requests')
    .set({ status: 'escalated', escalated_at: now })
    .where('status', '=', 'open')
    .where('created_at', '<=', before)
    .returning(['id', 'order_id'])
    .execute();
}

/** Requests waiting for a decision, with their order, product and buyer: a creator's (/sales), or every escalated one (/admin/refunds). */
export async function listPendingRefundRequests(db: Q, filter: { creatorId: string } | { status: 'escalated' }) {
  let query = db
    .selectFrom('refund_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .innerJoin('users as b', 'b.id', 'r.buyer_id')
    .select([
      'r.id',
      'r.order_id',
      'r.status',
      'r.reason',
      'r.created_at',
      'r.escalated_at',
      'o.number',
      'o.kind',
      'o.amount_cents',
      'o.paid_at',
      'o.product_id',
      'p.title as product_title',
      'b.name as buyer_name',
      'b.email as buyer_email',
    ])
    .where('r.status', 'in', PENDING_REFUND_REQUEST_STATUSES)
    // An order refunded meanwhile another way (the creator's Refund button, Stripe's dashboard) has nothing left to decide.
    .where('o.status', '=', 'paid');
  query = 'creatorId' in filter ? query.where('r.creator_id', '=', filter.creatorId) : query.where('r.status', '=', filter.status);
  return query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').limit(200).execute();
}

/** For /library: each of the buyer's orders' refund facts (policy, opened since payment, its refund row). */
export async function listBuyerRefundFacts(db: Q, buyerId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('refund_requests as r', 'r.order_id', 'o.id')
    .select(['o.id as order_id', 'o.status as order_status', 'o.paid_at', 'p.refund_policy', 'r.status as request_status', 'r.decision_message'])
    .select(openedSince(sql`${buyerId}::text`).as('opened'))
    .where('o.buyer_id', '=', buyerId)
    .where('o.status', 'in', ['paid', 'refunded'])
    .orderBy('o.paid_at', 'desc')
    .limit(500)
    .execute();
}

/** The order of a request, for the decision's refund and notices. */
export async function findRequestOrder(db: Q, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** A request with what its emails say: the order, the product's title, the buyer's address (docs/decisions/051). */
export async function findRequestForEmail(db: Q, id: string) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .innerJoin('users as b', 'b.id', 'r.buyer_id')
    .select([
      'r.id',
      'r.status',
      'r.reason',
      'r.decider',
      'r.decision_message',
      'o.number',
      'o.amount_cents',
      'o.status as order_status',
      'p.title as product_title',
      'r.buyer_id',
      'b.email as buyer_email',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** The administrators (not deleted) who are told of an escalated request: at most 50, by id. */
export async function listAdministrators(db: Q) {
  return db
    .selectFrom('profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['p.id', 'u.email'])
    .where('p.role', '=', 'admin')
    .where('p.deleted_at', 'is', null)
    .orderBy('p.id')
    .limit(50)
    .execute();
}
