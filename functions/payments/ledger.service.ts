/**
 * A creator's money as a ledger, and payouts that finish (issue 27, docs/decisions/048).
 *
 * - Entries are written in the transaction of what they record: a sale's net with the order's
 *   pending -> paid (webhook.service.ts fulfil, a renewal's insert), the refund with paid ->
 *   refunded (refundOrderInTrx), a payout when it is requested, its reversal when it fails;
 *   with Stripe Connect, the sale's transfer to the connected account with the sale and its
 *   reversal with the refund (docs/decisions/051).
 *   Each has a unique key, so a replayed event or a retried job writes nothing twice.
 * - The balance, what is available and what was earned are sums of entries
 *   (src/shared/ledger.ts summarize): a sale is available after PAYOUT_HOLD_DAYS and its refund
 *   is due when it is; every other entry counts at once, so a refund after a paid payout makes
 *   the balance negative and the next payouts are smaller until it is made good.
 * - Requesting a payout is 'validate, one transaction, answer': under the creator's profile lock
 *   (refunds of their sales take the same lock), no open payout (a unique index backs it), the
 *   amount is the available balance (never more), at least MIN_PAYOUT_CENTS.
 * - A refund of a sale inside an open payout takes the sale out of it in the refund's
 *   transaction (the payout's amount goes down; at 0 it is cancelled).
 * - An administrator marks a requested payout processing, and an open one paid (with the
 *   transfer's reference) or failed (with a reason; its amount comes back): a guarded update, so of two clicks one wins and the other
 *   answers 409 PAYOUT_NOT_OPEN. The creator is told by email and in the bell (payout-notices.job.ts).
 *
 * Called by functions/studio (the creator's figures and 'Request Payout'), the admin routes,
 * the scheduled job (payouts.job.ts) and webhook.service.ts.
 */
import type { Db } from '@/db/database';
import type { Order, PayoutRequest } from '@/db/schema';
import {
  availableAt,
  canPayOut,
  MIN_PAYOUT_CENTS,
  refundEntryCents,
  saleEntryCents,
  summarize,
  takeOutOfPayout,
  type LedgerSummary,
} from '@/src/shared/ledger';
import type { AdminPayout, LedgerAdjustmentBody, LedgerEntryView, Payout } from '@/src/shared/api/schemas/payments';
import { AppError } from '../_shared/errors';
import { getEnv } from '@/env';
import { jobsReady } from '../jobs';
import { isAdmin } from '../_shared/auth-guard';
import {
  closePayout,
  earnedSince,
  findAdjustmentByKey,
  findCreatorForAdmin,
  findOpenPayout,
  findOpenPayoutOfOrder,
  findPayout,
  findProfileId,
  findSaleAvailableAt,
  findTransferOfOrder,
  insertAdjustment,
  insertPayout,
  insertPayoutEntry,
  insertRefundEntry,
  insertSaleEntry,
  insertSaleReversal,
  insertTransferEntry,
  listCreatorPayouts,
  listCreatorsDueAPayout,
  listLedgerEntries,
  listLedgerLines,
  listPayoutsForAdmin,
  listSalesForPayout,
  lockCreator,
  lowerOpenPayout,
  payoutTotals,
} from './ledger.repository';
import { tellOfPayout } from './payout-notices.job';
import { insertAffiliateEntry } from './affiliates.repository';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** PAYOUT_HOLD_DAYS, unless a caller (a test) says otherwise. */
export function payoutHoldDays(override?: number): number {
  return override ?? getEnv().PAYOUT_HOLD_DAYS;
}

/** In the transaction that paid `order`: its net, available after the hold. Once per order. */
export async function recordSale(trx: Db, order: Order, holdDays = payoutHoldDays()): Promise<void> {
  const paidAt = new Date(order.paid_at ?? Date.now());
  const due = availableAt(paidAt, holdDays);
  await insertSaleEntry(trx, { creatorId: order.creator_id, orderId: order.id, amountCents: saleEntryCents(order), availableAt: due });
  await recordCommission(trx, order, due);
  // Stripe Connect: the destination charge already moved the net to the creator's connected
  // account, which Stripe pays out; the ledger mirrors that transfer, due with the sale, so
  // nothing of it is held or available for a toolmint payout (docs/decisions/051).
  if (order.provider === 'stripe' && order.provider_payment_id) {
    await insertTransferEntry(trx, {
      creatorId: order.creator_id,
      orderId: order.id,
      kind: 'transfer',
      amountCents: -saleEntryCents(order),
      // A cart's payment pays several creators (docs/decisions/082), each their own transfer
      // (cart-transfer.job.ts): the mirror is per order, and (kind, provider_ref) is unique.
      providerRef: order.checkout_group ? `${order.provider_payment_id}:${order.id}` : order.provider_payment_id,
      availableAt: due,
    });
  }
}

/**
 * In the transaction that refunded `order`: the net taken back and, when the sale is in an open
 * payout, taken out of it. Under the creator's lock, so a payout request running meanwhile
 * either includes the refund in its balance or is already there for this to lower. An order
 * recorded without its sale entry (written outside the payments services) gets it first.
 */
export async function recordRefund(trx: Db, order: Order): Promise<void> {
  await lockCreator(trx, order.creator_id);
  await recordSale(trx, order);
  // Due when its sale is: a refund inside the hold holds nothing else back.
  const due = (await findSaleAvailableAt(trx, order.id)) ?? new Date();
  if (!(await insertRefundEntry(trx, { creatorId: order.creator_id, orderId: order.id, amountCents: refundEntryCents(order), availableAt: due }))) return;
  await reverseCommission(trx, order, due);
  // Stripe Connect: the refund reversed the transfer (reverse_transfer), so the net came back from the connected account.
  const transfer = await findTransferOfOrder(trx, order.id);
  if (transfer?.provider_ref) {
    await insertTransferEntry(trx, {
      creatorId: order.creator_id,
      orderId: order.id,
      kind: 'transfer_reversal',
      amountCents: -transfer.amount_cents,
      providerRef: transfer.provider_ref,
      availableAt: new Date(transfer.available_at),
    });
    return;
  }
  const payout = await findOpenPayoutOfOrder(trx, order.id);
  if (!payout) return;
  const out = takeOutOfPayout(payout.amount_cents, payout.item_cents);
  if (out.reversalCents <= 0) return;
  if (!(await insertSaleReversal(trx, { creatorId: order.creator_id, payoutId: payout.id, orderId: order.id, amountCents: out.reversalCents }))) return;
  await lowerOpenPayout(trx, payout.id, out.payoutCents);
}

/** With the sale's entry: the commission out of the creator's net and into the affiliate's, due with the sale. */
async function recordCommission(trx: Db, order: Order, due: Date): Promise<void> {
  if (!order.affiliate_user_id || order.affiliate_commission_cents <= 0) return;
  const cents = order.affiliate_commission_cents;
  await insertAffiliateEntry(trx, { userId: order.creator_id, orderId: order.id, kind: 'affiliate_commission', amountCents: -cents, availableAt: due });
  await insertAffiliateEntry(trx, { userId: order.affiliate_user_id, orderId: order.id, kind: 'affiliate_earning', amountCents: cents, availableAt: due });
}

/** With the refund's entry: the commission back to the creator and taken from the affiliate. */
async function reverseCommission(trx: Db, order: Order, due: Date): Promise<void> {
  if (!order.affiliate_user_id || order.affiliate_commission_cents <= 0) return;
  const cents = order.affiliate_commission_cents;
  await insertAffiliateEntry(trx, { userId: order.creator_id, orderId: order.id, kind: 'affiliate_commission_reversal', amountCents: cents, availableAt: due });
  await insertAffiliateEntry(trx, {
    userId: order.affiliate_user_id,
    orderId: order.id,
    kind: 'affiliate_earning_reversal',
    amountCents: -cents,
    availableAt: due,
  });
}

/** A creator's balance at `now`. */
export async function getBalance(db: Db, creatorId: string, now = new Date()): Promise<LedgerSummary> {
  return summarize(await listLedgerLines(db, creatorId), now);
}

/** Net earned (sales less refunds) since `since`, or ever. */
export async function getEarned(db: Db, creatorId: string, since?: Date): Promise<number> {
  return earnedSince(db, creatorId, since);
}

/** The creator's latest ledger entries, newest first, with the product each sale or refund is of. */
export async function getLedgerEntries(db: Db, creatorId: string) {
  return listLedgerEntries(db, creatorId);
}

/** What the creator's open payout holds and what was paid out, in cents. */
export async function getPayoutTotals(db: Db, creatorId: string) {
  return payoutTotals(db, creatorId);
}

function toPayout(p: PayoutRequest): Payout {
  return {
    id: p.id,
    amountCents: p.amount_cents,
    status: p.status,
    requestedAt: new Date(p.requested_at).toISOString(),
    paidAt: iso(p.paid_at),
    closedAt: iso(p.closed_at),
    reference: p.reference,
    failureReason: p.failure_reason,
  };
}

export async function listPayouts(db: Db, creatorId: string): Promise<Payout[]> {
  return (await listCreatorPayouts(db, creatorId)).map(toPayout);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * A payout of the creator's available balance: one transaction under the creator's lock.
 * Refused when one is open (409 PAYOUT_ALREADY_OPEN), when nothing is available
 * (NO_PAYOUT_BALANCE) or less than the minimum (PAYOUT_BELOW_MINIMUM).
 */
export async function requestPayoutFor(db: Db, creatorId: string, options: { now?: Date; minimumCents?: number } = {}): Promise<Payout> {
  const now = options.now ?? new Date();
  const minimum = options.minimumCents ?? MIN_PAYOUT_CENTS;
  try {
    const payout = await db.transaction().execute(async (trx) => {
      await lockCreator(trx, creatorId);
      if (await findOpenPayout(trx, creatorId)) throw new AppError('PAYOUT_ALREADY_OPEN');
      const lines = await listLedgerLines(trx, creatorId);
      const { availableCents } = summarize(lines, now);
      if (availableCents <= 0) throw new AppError('NO_PAYOUT_BALANCE');
      if (!canPayOut(availableCents, minimum)) throw new AppError('PAYOUT_BELOW_MINIMUM');
      // Only sales the amount was summed from: one committed in between waits for the next payout.
      const summed = new Set(lines.filter((l) => l.kind === 'sale').map((l) => l.orderId));
      const sales = (await listSalesForPayout(trx, creatorId, now)).filter((s) => summed.has(s.order_id));
      const created = await insertPayout(trx, {
        creatorId,
        amountCents: availableCents,
        sales: sales.map((s) => ({ orderId: s.order_id as string, amountCents: s.amount_cents })),
      });
      await insertPayoutEntry(trx, { creatorId, payoutId: created.id, kind: 'payout', amountCents: -availableCents });
      return created;
    });
    return toPayout(payout);
  } catch (error) {
    // The one-open-payout index settles what the lock did not see (it always should).
    if (isUniqueViolation(error)) throw new AppError('PAYOUT_ALREADY_OPEN');
    throw error;
  }
}

/**
 * The scheduled payouts: a payout for every creator with at least the minimum available and no
 * open payout, each in its own transaction. Running twice requests nothing twice (a creator
 * with an open payout is skipped, and the index refuses a second).
 */
export async function runScheduledPayouts(db: Db, now = new Date()): Promise<{ requested: number }> {
  let requested = 0;
  for (const creatorId of await listCreatorsDueAPayout(db, now, MIN_PAYOUT_CENTS)) {
    try {
      await requestPayoutFor(db, creatorId, { now });
      requested += 1;
    } catch (error) {
      // Someone requested meanwhile, or a refund brought the balance under the minimum.
      if (error instanceof AppError && ['PAYOUT_ALREADY_OPEN', 'NO_PAYOUT_BALANCE', 'PAYOUT_BELOW_MINIMUM'].includes(error.code)) continue;
      throw error;
    }
  }
  return { requested };
}

async function requireAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

/** The administrators' list at /admin/payouts. */
export async function listPayoutsAsAdmin(db: Db, actorId: string): Promise<AdminPayout[]> {
  await requireAdmin(db, actorId);
  const rows = await listPayoutsForAdmin(db);
  return rows.map((p) => ({
    id: p.id,
    creatorId: p.seller_id,
    creatorName: p.creator_name?.trim() || 'Creator',
    creatorEmail: p.creator_email,
    amountCents: p.amount_cents,
    status: p.status,
    requestedAt: new Date(p.requested_at).toISOString(),
    paidAt: iso(p.paid_at),
    closedAt: iso(p.closed_at),
    reference: p.reference,
    failureReason: p.failure_reason,
  }));
}

/** Why a transition found no open payout: it does not exist (404) or is finished (409). */
async function notOpen(db: Db, payoutId: string): Promise<never> {
  throw new AppError((await findPayout(db, payoutId)) ? 'PAYOUT_NOT_OPEN' : 'PAYOUT_NOT_FOUND');
}

/** An administrator marks a requested payout processing (its transfer is on its way). Once: a second click answers 409. */
export async function markPayoutProcessing(db: Db, actorId: string, payoutId: string): Promise<Payout> {
  await requireAdmin(db, actorId);
  const row = await closePayout(db, payoutId, { status: 'processing', adminId: actorId });
  if (!row) return notOpen(db, payoutId);
  return toPayout(row);
}

/** What an administrator records when a payout finishes: paid with the transfer's reference, or failed with a reason. */
export type PayoutOutcomeInput = { outcome: 'paid'; reference: string } | { outcome: 'failed'; reason: string };

/**
 * An administrator finishes an open payout, once: one guarded update, and in the same
 * transaction a failed payout's amount back as a `payout_reversal` and the creator's notice and
 * email job (payout-notices.job.ts). A second click, or another administrator, answers 409.
 */
async function finishPayout(db: Db, actorId: string, payoutId: string, input: PayoutOutcomeInput): Promise<Payout> {
  await requireAdmin(db, actorId);
  await jobsReady(db);
  const payout = await findPayout(db, payoutId);
  if (!payout) throw new AppError('PAYOUT_NOT_FOUND');
  const finished = await db.transaction().execute(async (trx) => {
    // The creator's lock first, as a refund takes it before the payout row: the other order deadlocks.
    await lockCreator(trx, payout.seller_id);
    const row = await closePayout(
      trx,
      payoutId,
      input.outcome === 'paid'
        ? { status: 'paid', adminId: actorId, reference: input.reference }
        : { status: 'failed', adminId: actorId, reason: input.reason },
    );
    if (!row) return undefined;
    if (input.outcome === 'failed' && row.amount_cents > 0) {
      await insertPayoutEntry(trx, { creatorId: row.seller_id, payoutId: row.id, kind: 'payout_reversal', amountCents: row.amount_cents });
    }
    await tellOfPayout(trx, { creatorId: row.seller_id, payoutId: row.id, outcome: input.outcome });
    return row;
  });
  if (!finished) return notOpen(db, payoutId);
  return toPayout(finished);
}

/** An administrator marks an open payout paid, with the transfer's reference. */
export const markPayoutPaid = (db: Db, actorId: string, payoutId: string, reference: string) =>
  finishPayout(db, actorId, payoutId, { outcome: 'paid', reference });

/** An administrator marks an open payout failed, with a reason: its amount comes back to the balance. */
export const markPayoutFailed = (db: Db, actorId: string, payoutId: string, reason: string) =>
  finishPayout(db, actorId, payoutId, { outcome: 'failed', reason });

/**
 * 'Cancel' on /earnings: a creator cancels their own payout while it is only requested
 * (docs/decisions/051). Under the creator's lock (which refunds take too, before the payout
 * row), one guarded update (requested -> cancelled, theirs only) with its amount back as a
 * `payout_reversal`, in one transaction: of a cancel and an administrator's mark at the same
 * moment exactly one changes the row, and a refund is wholly before or after it, so what comes
 * back is what the payout still held.
 * 404 PAYOUT_NOT_FOUND for someone else's or no payout, 409 PAYOUT_NOT_CANCELLABLE once it is
 * processing or finished.
 */
export async function cancelOwnPayout(db: Db, creatorId: string, payoutId: string): Promise<Payout> {
  const cancelled = await db.transaction().execute(async (trx) => {
    // The creator's lock first, as a refund takes it before the payout row: the other order deadlocks.
    await lockCreator(trx, creatorId);
    const row = await closePayout(trx, payoutId, { status: 'cancelled', adminId: null, creatorId });
    if (row && row.amount_cents > 0) {
      await insertPayoutEntry(trx, { creatorId, payoutId: row.id, kind: 'payout_reversal', amountCents: row.amount_cents });
    }
    return row;
  });
  if (cancelled) return toPayout(cancelled);
  const payout = await findPayout(db, payoutId);
  throw new AppError(payout?.seller_id === creatorId ? 'PAYOUT_NOT_CANCELLABLE' : 'PAYOUT_NOT_FOUND');
}

/**
 * An administrator's adjustment of a creator's balance (+ owed to them, - owed by them), with a
 * reason, counted at once, recorded with the administrator's id (created_by). Under the
 * creator's lock like a refund, so a payout request running at the same time sees it or is
 * committed before it. Once per form key (docs/decisions/051): the same key again answers the
 * entry already made; with another creator, amount or reason it is 409 IDEMPOTENCY_KEY_REUSED.
 */
export async function adjustBalance(db: Db, actorId: string, creatorId: string, input: LedgerAdjustmentBody): Promise<LedgerEntryView> {
  await requireAdmin(db, actorId);
  if (!(await findProfileId(db, creatorId))) throw new AppError('PROFILE_NOT_FOUND');
  const entry = await db.transaction().execute(async (trx) => {
    await lockCreator(trx, creatorId);
    const values = { creatorId, amountCents: input.amountCents, reason: input.reason, adminId: actorId, idempotencyKey: input.idempotencyKey };
    // The key was used already (a double submit waits on the lock, a retry comes later): that entry is the answer.
    const inserted = await insertAdjustment(trx, values);
    const made = inserted ?? (await findAdjustmentByKey(trx, actorId, input.idempotencyKey));
    if (!made || made.creator_id !== creatorId || made.amount_cents !== input.amountCents || made.reason !== input.reason) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    // The entry's created_by is the record; the log line is for whoever watches the server.
    if (inserted) console.info(`[ledger] adjustment ${made.id} of ${made.amount_cents} cents to ${creatorId} by administrator ${actorId}`);
    return made;
  });
  return {
    id: entry.id,
    creatorId: entry.creator_id,
    kind: entry.kind,
    amountCents: entry.amount_cents,
    orderId: entry.order_id,
    payoutId: entry.payout_id,
    reason: entry.reason,
    availableAt: new Date(entry.available_at).toISOString(),
    createdAt: new Date(entry.created_at).toISOString(),
  };
}

/**
 * /admin/creators/{userId}: a creator's ledger as administrators see it before adjusting it
 * (docs/decisions/051): the figures, the latest entries (with who made each adjustment) and the
 * payouts. FORBIDDEN for anyone but an administrator; PROFILE_NOT_FOUND for no such creator.
 */
export async function getCreatorLedgerAsAdmin(db: Db, actorId: string, creatorId: string, now = new Date()) {
  await requireAdmin(db, actorId);
  const creator = await findCreatorForAdmin(db, creatorId);
  if (!creator) throw new AppError('PROFILE_NOT_FOUND');
  const [summary, entries, payouts] = await Promise.all([getBalance(db, creatorId, now), listLedgerEntries(db, creatorId), listPayouts(db, creatorId)]);
  return {
    creator: { id: creator.id, name: creator.full_name?.trim() || 'Creator', email: creator.email },
    summary,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountCents: e.amount_cents,
      productTitle: e.product_title,
      reason: e.reason,
      createdAt: new Date(e.created_at).toISOString(),
      availableAt: new Date(e.available_at).toISOString(),
    })),
    payouts,
  };
}
