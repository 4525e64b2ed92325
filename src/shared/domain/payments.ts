// ---------------------------------------------------------------------------
// Payments (docs/decisions/013)
// ---------------------------------------------------------------------------

/** What an order buys: the product once, or a monthly subscription. */
export const PURCHASE_KINDS = ['one_time', 'subscription'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses that still give access until the period ends. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_EVENT_STATUSES = ['processed', 'parked', 'ignored'] as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUSES)[number];

/** A payout moves requested -> processing -> paid | failed | cancelled (docs/decisions/048). */
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The statuses of a payout not yet finished: a creator has at most one. */
export const OPEN_PAYOUT_STATUSES = ['requested', 'processing'] as const satisfies readonly PayoutStatus[];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Requested',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * A creator's ledger entry (docs/decisions/048): a sale (+ its net), a refund (- the net), a
 * payout (- its amount), a payout reversal (+ what a failed or cancelled payout, or a refunded
 * sale taken out of one, gives back), an administrator's adjustment (+/-, with a reason); with
 * Stripe Connect, the transfer of a sale's net to the creator's connected account (−) and its
 * reversal on a refund (+), mirrored from Stripe (docs/decisions/051); an affiliate's commission
 * out of the creator's net (−) and into the affiliate's (+), both reversed by a refund (docs/decisions/081); with
 * Stripe Connect, the commission's transfer to the affiliate's connected account (−) and its reversal (+) (docs/decisions/083).
 */
export const LEDGER_ENTRY_KINDS = [
  'sale',
  'refund',
  'payout',
  'payout_reversal',
  'adjustment',
  'transfer',
  'transfer_reversal',
  'affiliate_commission',
  'affiliate_commission_reversal',
  'affiliate_earning',
  'affiliate_earning_reversal',
  'affiliate_transfer',
  'affiliate_transfer_reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  payout_reversal: 'Back from a payout',
  adjustment: 'Adjustment',
  transfer: 'Sent to your Stripe account',
  transfer_reversal: 'Transfer reversed by the refund',
  affiliate_commission: "An affiliate's commission",
  affiliate_commission_reversal: "An affiliate's commission back (refund)",
  affiliate_earning: 'Affiliate commission',
  affiliate_earning_reversal: 'Affiliate commission taken back (refund)',
  affiliate_transfer: 'Commission sent to your Stripe account',
  affiliate_transfer_reversal: 'Commission transfer reversed by the refund',
};

/**
 * A product's refund policy, set by its creator (docs/decisions/049): no refunds, or refunds
 * within 7, 14 or 30 days of payment (the default). The days are REFUND_POLICY_DAYS's.
 */
export const REFUND_POLICIES = ['none', 'days_7', 'days_14', 'days_30'] as const;
export type RefundPolicy = (typeof REFUND_POLICIES)[number];
export const DEFAULT_REFUND_POLICY: RefundPolicy = 'days_30';
/** How many days after payment a refund may be asked for; 0: never. */
export const REFUND_POLICY_DAYS: Record<RefundPolicy, number> = { none: 0, days_7: 7, days_14: 14, days_30: 30 };
/** The editor's options. What buyers read is refundPolicyText (src/shared/payments.ts). */
export const REFUND_POLICY_LABELS: Record<RefundPolicy, string> = {
  none: 'No refunds',
  days_7: 'Refunds within 7 days',
  days_14: 'Refunds within 14 days',
  days_30: 'Refunds within 30 days',
};

/**
 * A buyer's refund (docs/decisions/049): 'instant' (refunded at once: the deliverable was not
 * opened yet), or a request to the creator: 'open', 'escalated' (not answered in 7 days: the
 * administrators decide), then 'approved' (refunded) or 'declined'.
 */
export const REFUND_REQUEST_STATUSES = ['instant', 'open', 'escalated', 'approved', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];
/** The statuses still waiting for a decision. */
export const PENDING_REFUND_REQUEST_STATUSES = ['open', 'escalated'] as const satisfies readonly RefundRequestStatus[];
/** The statuses in which the buyer got their money back (the refund limit counts them). */
export const GRANTED_REFUND_STATUSES = ['instant', 'approved'] as const satisfies readonly RefundRequestStatus[];

/** What 'Request refund' does for an order now: refund at once, ask the creator with a reason, or nothing (src/shared/refunds.ts). */
export const REFUND_OFFERS = ['instant', 'request', 'none'] as const;
export type RefundOffer = (typeof REFUND_OFFERS)[number];

/** A creator's or an administrator's answer to a refund request. */
export const REFUND_DECISIONS = ['approve', 'decline'] as const;

/** Who decided a refund request. */
export const REFUND_DECIDERS = ['creator', 'admin'] as const;
export type RefundDecider = (typeof REFUND_DECIDERS)[number];

/**
 * A tax document of an order (docs/decisions/050): the invoice issued when it is paid, and the
 * credit note issued when it is refunded, which refers to the invoice. Each has its own series.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A discount code takes a percentage or a fixed amount off (docs/decisions/075). */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percent off', fixed: 'Amount off' };

/** Who a creator's email to customers goes to (docs/decisions/078). */
export const CUSTOMER_EMAIL_AUDIENCES = ['product', 'all_products', 'followers'] as const;
export type CustomerEmailAudience = (typeof CUSTOMER_EMAIL_AUDIENCES)[number];
export const CUSTOMER_EMAIL_AUDIENCE_LABELS: Record<CustomerEmailAudience, string> = {
  product: 'Buyers of one product',
  all_products: 'Buyers of any of my products',
  followers: 'My followers',
};
