/**
 * A creator's ledger arithmetic (docs/decisions/048), pure and in integer cents: what a sale
 * and a refund write, when a sale becomes available, a balance and what of it can be paid out,
 * and what a refund takes out of an open payout. functions/payments/ledger.service.ts applies
 * these rules in its transactions; the unit tests check them with exact numbers.
 */
import type { LedgerEntryKind } from './domain';

/** The smallest scheduled or requested payout: $10.00. */
export const MIN_PAYOUT_CENTS = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sale's entry: its net, the amount less the platform fee fixed at checkout. */
export function saleEntryCents(order: { amount_cents: number; fee_cents: number }): number {
  return order.amount_cents - order.fee_cents;
}

/** A refund's entry takes the sale's net back. */
export function refundEntryCents(order: { amount_cents: number; fee_cents: number }): number {
  return -saleEntryCents(order);
}

/** When a sale paid at `paidAt` may be paid out: after the hold. */
export function availableAt(paidAt: Date, holdDays: number): Date {
  return new Date(paidAt.getTime() + holdDays * DAY_MS);
}

export interface LedgerLine {
  kind: LedgerEntryKind;
  amountCents: number;
  availableAt: Date;
}

export interface LedgerSummary {
  /** Everything the creator is owed, held sales included; negative after a refund of paid-out money. */
  balanceCents: number;
  /** What a payout may take now: entries due by `now`, never below 0. */
  availableCents: number;
  /** Sales still inside the hold. */
  heldCents: number;
  /** Net earned: sales less refunds and affiliate commissions (EARNING_KINDS). */
  earnedCents: number;
}

/** What 'earned' counts: sales less refunds, less commissions paid to affiliates, plus commissions earned as one (docs/decisions/081). */
export const EARNING_KINDS: ReadonlySet<LedgerEntryKind> = new Set<LedgerEntryKind>([
  'sale',
  'refund',
  'affiliate_commission',
  'affiliate_commission_reversal',
  'affiliate_earning',
  'affiliate_earning_reversal',
]);

/**
 * The balance of some entries at `now`. A sale waits for its hold, and its refund is due when
 * the sale is (a refund inside the hold holds nothing else back; a refund of an available sale
 * counts at once); payouts, reversals and adjustments count from when they were written, so a
 * debt is deducted at once from what becomes available.
 */
export function summarize(lines: readonly LedgerLine[], now: Date): LedgerSummary {
  let balance = 0;
  let due = 0;
  let earned = 0;
  for (const line of lines) {
    balance += line.amountCents;
    if (line.availableAt.getTime() <= now.getTime()) due += line.amountCents;
    if (EARNING_KINDS.has(line.kind)) earned += line.amountCents;
  }
  const available = Math.max(0, Math.min(due, balance));
  return { balanceCents: balance, availableCents: available, heldCents: Math.max(0, balance - due), earnedCents: earned };
}

/** Whether `availableCents` may be paid out now. */
export function canPayOut(availableCents: number, minimumCents = MIN_PAYOUT_CENTS): boolean {
  return availableCents > 0 && availableCents >= minimumCents;
}

/**
 * A refund of a sale of net `saleNetCents` inside an open payout of `payoutCents`: the payout
 * goes down by the sale's net, never below 0 (the rest of the debt stays on the balance, and
 * the next payouts deduct it). `reversalCents` comes back into the ledger; a payout left at 0 is
 * cancelled.
 */
export function takeOutOfPayout(payoutCents: number, saleNetCents: number): { payoutCents: number; reversalCents: number; cancelled: boolean } {
  const reversal = Math.max(0, Math.min(payoutCents, saleNetCents));
  const left = payoutCents - reversal;
  return { payoutCents: left, reversalCents: reversal, cancelled: left === 0 };
}
