// ---------------------------------------------------------------------------
// Creator webhooks (docs/decisions/027)
// ---------------------------------------------------------------------------

/** The events a creator's webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['sale.created', 'sale.refunded', 'product.published', 'review.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'sale.created': 'A sale is paid',
  'sale.refunded': 'A sale is refunded',
  'product.published': 'A product is published',
  'review.created': 'You receive a review',
};
/** What a delivery carries: a subscribed event, or the test ping sent from /settings/api (never retried). */
export const WEBHOOK_DELIVERY_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookDeliveryEventType = (typeof WEBHOOK_DELIVERY_EVENT_TYPES)[number];

/** pending (waiting for its first or next attempt), delivered (a 2xx answer), failed (no 2xx within 24 hours). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };
