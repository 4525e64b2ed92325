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

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
