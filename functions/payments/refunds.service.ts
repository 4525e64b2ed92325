/**
 * Refunds with a policy (issue 27, docs/decisions/049). Called by the order routes
 * (src/pages/api/orders/[id]/refund*.ts), the decision route, /library, /sales, /admin/refunds
 * and the escalation job (refunds.job.ts).
 *
 * - A product's refund policy (no refunds, 7, 14 or 30 days) bounds every buyer refund; outside
 *   it the button is not offered and the API refuses with the reason's code.
 * - Inside it, a buyer who has not opened the deliverable since paying (no download since
 *   paid_at) and has had fewer than REFUND_LIMIT refunds in REFUND_LIMIT_DAYS days is refunded
 *   at once, as before. Anyone else asks the creator with a reason: a refund request, the
 *   creator's notice (bell and email) written in its transaction. Access stays until decided.
 * - The creator approves (the order is refunded through the one refund path,
 *   orders.service.ts refundThroughProvider, which the ledger hooks into) or declines, with a
 *   message to the buyer. Unanswered after REFUND_REQUEST_ESCALATION_DAYS days, a request is
 *   escalated (the job; the administrators are told in the bell and by email) and administrators
 *   decide it at /admin/refunds. The buyer is told the outcome in the bell and by email, both
 *   written in the decision's transaction (refund-notices.job.ts, docs/decisions/051).
 *
 * Invariants: one refund row per order (unique order_id: a second ask or click is 409
 * REFUND_ALREADY_REQUESTED); a request is decided once (a guarded update: of two concurrent
 * decisions one wins, the other is 409 REFUND_REQUEST_DECIDED); the decision is claimed before
 * the provider is called, and given back if the provider refuses, so money moves at most once.
 */
import type { Db } from '@/db/database';
import type { RefundRequest } from '@/db/schema';
import type { RefundDecisionBody, RefundRequestView } from '@/src/shared/api/schemas/payments';
import { isOneOf, PENDING_REFUND_REQUEST_STATUSES, type RefundDecider, type RefundRequestStatus } from '@/src/shared/domain';
import { formatOrderNumber, REFUND_LIMIT, REFUND_LIMIT_DAYS, REFUND_REQUEST_ESCALATION_DAYS } from '@/src/shared/payments';
import { refundOption, type PendingRefundRequest, type RefundOption } from '@/src/shared/refunds';
import { AppError } from '../_shared/errors';
import { queueNotificationEmail } from '../email/email.service';
import { deliverSoon } from '../email/outbox';
import { jobsReady } from '../jobs';
import { notifyCreatorOfOrder } from '../notifications/notifications.service';
import { isAdmin } from '../_shared/auth-guard';
import type { PaymentsDeps } from './deps';
import { ownOrder, refundThroughProvider } from './orders.service';
import { tellAdministratorsOfEscalation, tellBuyerOfRefundDecision } from './refund-notices.job';
import {
  claimRefundDecision,
  countGrantedRefunds,
  deleteInstantRefund,
  escalateOpenRequests,
  findOrderForRefund,
  findRefundRequest,
  findRequestOrder,
  insertRefundRequest,
  listBuyerRefundFacts,
  listPendingRefundRequests,
  undoRefundApproval,
} from './refunds.repository';

const DAY = 24 * 60 * 60 * 1000;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toRefundRequestView(r: RefundRequest): RefundRequestView {
  return {
    id: r.id,
    orderId: r.order_id,
    status: r.status,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    escalatedAt: iso(r.escalated_at),
    decidedAt: iso(r.decided_at),
    decider: r.decider,
    decisionMessage: r.decision_message,
  };
}

const limitSince = (now: Date) => new Date(now.getTime() - REFUND_LIMIT_DAYS * DAY);

/** What 'Request refund' does for each of the buyer's orders, and its request if any, by order id (/library). */
export async function buyerRefundOptions(db: Db, buyerId: string, now: Date = new Date()) {
  const [facts, recentRefunds] = await Promise.all([listBuyerRefundFacts(db, buyerId), countGrantedRefunds(db, buyerId, limitSince(now))]);
  const options = new Map<string, { option: RefundOption; request: { status: RefundRequestStatus; decisionMessage: string | null } | null }>();
  for (const f of facts) {
    const option = refundOption(
      { status: f.order_status, policy: f.refund_policy, paidAt: f.paid_at, opened: Boolean(f.opened), recentRefunds, requestStatus: f.request_status },
      now,
    );
    options.set(f.order_id, { option, request: f.request_status ? { status: f.request_status, decisionMessage: f.decision_message } : null });
  }
  return options;
}

/** The buyer's order and the refund it allows now; 404 for anyone else's order. */
async function buyerOption(db: Db, buyerId: string, orderId: string, now: Date) {
  await ownOrder(db, buyerId, orderId);
  const order = await findOrderForRefund(db, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const option = refundOption(
    {
      status: order.status,
      policy: order.refund_policy,
      paidAt: order.paid_at,
      opened: Boolean(order.opened),
      recentRefunds: await countGrantedRefunds(db, buyerId, limitSince(now)),
      requestStatus: order.request_status,
    },
    now,
  );
  return { order, option };
}

/**
 * 'Request refund' without a reason: the instant refund, when the policy allows it (not opened,
 * under the limit, inside the window). Otherwise 409 with why: REFUND_REQUEST_REQUIRED (ask the
 * creator instead), REFUND_NOT_OFFERED, REFUND_WINDOW_CLOSED, REFUND_ALREADY_REQUESTED.
 */
export async function requestRefund(db: Db, deps: PaymentsDeps, buyerId: string, orderId: string, now: Date = new Date()) {
  const { order, option } = await buyerOption(db, buyerId, orderId, now);
  if (option.kind === 'none') throw new AppError(option.code);
  if (option.kind === 'request') {
    throw new AppError(
      'REFUND_REQUEST_REQUIRED',
      option.because === 'limit'
        ? `You have had ${REFUND_LIMIT} or more refunds in the last ${REFUND_LIMIT_DAYS} days, so a refund is a request to the creator. Tell them why you want your money back.`
        : undefined,
    );
  }
  // Claimed first: of two clicks, one inserts the row and refunds; the other is refused.
  const row = await insertRefundRequest(db, { orderId, buyerId, creatorId: order.creator_id, status: 'instant', reason: null });
  if (!row) throw new AppError('REFUND_ALREADY_REQUESTED');
  try {
    await refundThroughProvider(db, deps, order);
  } catch (error) {
    await deleteInstantRefund(db, row.id);
    throw error;
  }
  return { id: orderId, status: 'refunded' as const };
}

/**
 * 'Request refund' with a reason: a refund request to the creator, inside the window of a product
 * that offers refunds. The creator's notice (bell) and email are written in its transaction; the
 * email's delivery job runs right after the commit (the outbox, docs/decisions/059). Access stays
 * until it is decided.
 */
export async function createRefundRequest(db: Db, buyerId: string, orderId: string, reason: string, now: Date = new Date()) {
  const { order, option } = await buyerOption(db, buyerId, orderId, now);
  if (option.kind === 'none') throw new AppError(option.code);
  // The creator's email enqueues its delivery in the transaction: the engine first (PGlite).
  await jobsReady(db);
  const row = await db.transaction().execute(async (trx) => {
    const row = await insertRefundRequest(trx, { orderId, buyerId, creatorId: order.creator_id, status: 'open', reason });
    if (!row) return null;
    await notifyCreatorOfOrder(trx, order, 'refund_request');
    await queueNotificationEmail(trx, { userId: order.creator_id, kind: 'sale', reference: `refund_request:${orderId}` });
    return row;
  });
  if (!row) throw new AppError('REFUND_ALREADY_REQUESTED');
  deliverSoon(db);
  return toRefundRequestView(row);
}

/**
 * The creator's (an open request of their sale) or an administrator's (open or escalated)
 * decision. Anyone else: 404, like a request that does not exist. Once: the other of two
 * concurrent decisions is 409 REFUND_REQUEST_DECIDED.
 */
export async function decideRefundRequest(db: Db, deps: PaymentsDeps, actorId: string, requestId: string, input: RefundDecisionBody) {
  const request = await findRefundRequest(db, requestId);
  if (!request || request.status === 'instant') throw new AppError('REFUND_REQUEST_NOT_FOUND');
  const admin = await isAdmin(db, actorId);
  const decider: RefundDecider | null = admin ? 'admin' : request.creator_id === actorId ? 'creator' : null;
  if (!decider) throw new AppError('REFUND_REQUEST_NOT_FOUND');
  if (!isOneOf(PENDING_REFUND_REQUEST_STATUSES, request.status)) throw new AppError('REFUND_REQUEST_DECIDED');
  if (decider === 'creator' && request.status === 'escalated') throw new AppError('REFUND_REQUEST_ESCALATED');
  const order = await findRequestOrder(db, request.order_id);
  if (!order) throw new AppError('REFUND_REQUEST_NOT_FOUND');
  const message = input.message ?? null;
  const from = decider === 'admin' ? PENDING_REFUND_REQUEST_STATUSES : (['open'] as const);

  // The buyer is told through the job engine, in the decision's (or the refund's) transaction.
  await jobsReady(db);
  if (input.decision === 'decline') {
    const declined = await db.transaction().execute(async (trx) => {
      const row = await claimRefundDecision(trx, requestId, { from, to: 'declined', decidedBy: actorId, decider, message });
      if (row) await tellBuyerOfRefundDecision(trx, { requestId, order, outcome: 'declined' });
      return row;
    });
    if (!declined) throw new AppError('REFUND_REQUEST_DECIDED');
    return toRefundRequestView(declined);
  }

  const approved = await claimRefundDecision(db, requestId, { from, to: 'approved', decidedBy: actorId, decider, message });
  if (!approved) throw new AppError('REFUND_REQUEST_DECIDED');
  try {
    await refundThroughProvider(db, deps, order, {
      // The answer's email (refund-notices.job.ts) says the refund was made: no second refund email to the buyer.
      buyerEmail: false,
      inTrx: (trx, refunded) => tellBuyerOfRefundDecision(trx, { requestId, order: refunded, outcome: 'approved' }),
    });
  } catch (error) {
    // Nothing was refunded: the request is open to a decision again.
    await undoRefundApproval(db, requestId, request.status);
    throw error;
  }
  return toRefundRequestView(approved);
}

/**
 * The escalation (the 'refunds.escalate' job): requests still open REFUND_REQUEST_ESCALATION_DAYS
 * days after they were made go to the administrators. `now` is injectable so a test can move
 * time. Idempotent: an escalated request is not open any more. Returns how many were escalated.
 */
export async function escalateOverdueRefundRequests(db: Db, now: Date = new Date()): Promise<number> {
  await jobsReady(db);
  const rows = await db.transaction().execute(async (trx) => {
    const escalated = await escalateOpenRequests(trx, new Date(now.getTime() - REFUND_REQUEST_ESCALATION_DAYS * DAY), now);
    // Each administrator's notice, and the job of their emails, with the escalation (docs/decisions/051).
    await tellAdministratorsOfEscalation(trx, escalated);
    return escalated;
  });
  return rows.length;
}

function toPending(r: Awaited<ReturnType<typeof listPendingRefundRequests>>[number]): PendingRefundRequest {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNumber: formatOrderNumber(r.number),
    status: r.status,
    reason: r.reason ?? '',
    createdAt: new Date(r.created_at).toISOString(),
    escalatedAt: iso(r.escalated_at),
    amountCents: r.amount_cents,
    kind: r.kind,
    productId: r.product_id,
    productTitle: r.product_title,
    buyerName: r.buyer_name || r.buyer_email,
  };
}

/** /sales: the creator's requests waiting for a decision (escalated ones shown, decided by administrators). */
export async function listCreatorRefundRequests(db: Db, creatorId: string): Promise<PendingRefundRequest[]> {
  return (await listPendingRefundRequests(db, { creatorId })).map(toPending);
}

/** /admin/refunds: every escalated request, oldest first. FORBIDDEN for anyone but an administrator. */
export async function listEscalatedRefundRequests(db: Db, actorId: string): Promise<PendingRefundRequest[]> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  return (await listPendingRefundRequests(db, { status: 'escalated' })).map(toPending);
}
