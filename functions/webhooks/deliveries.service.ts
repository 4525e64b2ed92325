/**
 * Webhook deliveries (docs/decisions/027 and 060): recording them, signing and sending one.
 *
 * - enqueue*(): called by the services that make the change (payments, products, reviews)
 *   inside their transaction. One row per subscribed endpoint, all with the same event id and
 *   the exact JSON body that is signed and sent: the log the creator reads in the studio. For
 *   each row the transaction emits 'webhooks.due' with the row's id as singletonKey, whose
 *   reaction is the row's own job ('webhooks.deliver', deliveries.job.ts): row and job exist
 *   exactly when the change commits; a rollback leaves neither, a crash after the commit loses
 *   neither.
 * - deliverWebhook(): one attempt at one delivery, run by its job: a signed POST through the
 *   SSRF guard (outbound-fetch.ts), its answer recorded on the row. 2xx is delivered; anything
 *   else leaves the row pending while pg-boss will retry the job (its backoff, deliveries.job.ts),
 *   and failed after the last retry. A delivered row is never sent again: a replayed job is a no-op.
 * - Delivery is at least once: a worker that dies after sending and before recording sends
 *   again when the job's attempt expires; receivers deduplicate by Toolmint-Webhook-Id.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { formatOrderNumber, toCents } from '@/src/shared/payments';
import type { SellerReviewView } from '@/src/shared/api/schemas/profile';
import type { ProductReview } from '@/src/shared/api/schemas/product-reviews';
import type { WebhookDeliveryEventType, WebhookDeliveryStatus, WebhookEventType } from '@/src/shared/domain';
import { emit } from '@/functions/jobs';
import { getEnv } from '@/env';
import { outboundFetch, OutboundRefusedError, type OutboundPolicy } from '../_shared/outbound-fetch';
import { findDeliveryToSend, findSaleContext, findSubscribedEndpoints, insertDeliveries, recordAttempt } from './webhooks.repository';

/** The job that sends one delivery (deliveries.job.ts): its data is { deliveryId }, its singletonKey the delivery's id. */
export const WEBHOOKS_JOB = 'webhooks.deliver';

const ATTEMPT_TIMEOUT_MS = 10_000;
/** The answer's first bytes kept for the panel. */
const SNIPPET_BYTES = 500;

/** A new endpoint's signing secret. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`: the Toolmint-Signature header. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

// --- The outbox: events enqueued in the transaction of their change ---

export interface WebhookPayload {
  id: string;
  type: WebhookDeliveryEventType;
  createdAt: string;
  data: { object: Record<string, unknown> };
}

function payloadOf(eventId: string, type: WebhookDeliveryEventType, object: Record<string, unknown>, createdAt: Date): string {
  const payload: WebhookPayload = { id: eventId, type, createdAt: createdAt.toISOString(), data: { object } };
  return JSON.stringify(payload);
}

/**
 * Records `type` for every endpoint of `userId` subscribed to it; `build` makes the event's
 * object and runs only when someone listens. Returns the event id, or null when nobody does.
 */
async function enqueueEvent(db: Db, userId: string, type: WebhookEventType, build: () => Promise<Record<string, unknown>>): Promise<string | null> {
  const endpoints = await findSubscribedEndpoints(db, userId, type);
  if (!endpoints.length) return null;
  const eventId = randomUUID();
  const payload = payloadOf(eventId, type, await build(), new Date());
  const ids = await insertDeliveries(
    db,
    endpoints.map((endpointId) => ({ endpointId, eventId, eventType: type, payload })),
  );
  // Each row's job is the reaction to 'webhooks.due' (deliveries.job.ts): it runs once this commits.
  for (const deliveryId of ids) await emit(db, 'webhooks.due', { deliveryId }, { singletonKey: deliveryId });
  return eventId;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * sale.created (an order became paid, renewals too) or sale.refunded, for the order's creator.
 * What /sales shows: amounts in integer cents, the product and the buyer's display name; no
 * buyer email, payment ids or anything a buyer would keep to themselves.
 */
export async function enqueueSaleEvent(trx: Db, type: 'sale.created' | 'sale.refunded', order: Order): Promise<string | null> {
  return enqueueEvent(trx, order.creator_id, type, async () => {
    const context = await findSaleContext(trx, order.product_id, order.buyer_id);
    return {
      object: 'sale',
      id: order.id,
      orderNumber: formatOrderNumber(order.number),
      status: order.status,
      kind: order.kind,
      product: { id: order.product_id, title: context.productTitle },
      buyer: { name: context.buyerName },
      amountCents: order.amount_cents,
      feeCents: order.fee_cents,
      netCents: order.amount_cents - order.fee_cents,
      currency: order.currency,
      paidAt: iso(order.paid_at),
      refundedAt: iso(order.refunded_at),
    };
  });
}

/** product.published: a product of `creatorId` became published (a first publish, or again after a draft or archive). */
export async function enqueueProductPublished(
  trx: Db,
  product: {
    id: string;
    creator_id: string;
    title: string;
    short_description: string | null;
    price: string | number;
    pricing_model: string;
    category_id: string | null;
    published_at: Date | string | null;
  },
): Promise<string | null> {
  return enqueueEvent(trx, product.creator_id, 'product.published', async () => ({
    object: 'product',
    id: product.id,
    title: product.title,
    shortDescription: product.short_description,
    status: 'published',
    priceCents: toCents(product.price),
    pricingModel: product.pricing_model,
    categoryId: product.category_id,
    url: new URL(`/product/${product.id}`, getEnv().SITE_URL).toString(),
    publishedAt: iso(product.published_at),
  }));
}

/** review.created: someone reviewed the seller (a new review; edits are not events). */
export async function enqueueReviewCreated(trx: Db, sellerId: string, review: SellerReviewView): Promise<string | null> {
  return enqueueEvent(trx, sellerId, 'review.created', async () => ({
    object: 'review',
    id: review.id,
    sellerId,
    rating: review.rating,
    text: review.text,
    reviewer: { id: review.reviewer.id, name: review.reviewer.fullName },
    createdAt: review.createdAt,
  }));
}

/**
 * review.created for a product review (docs/decisions/029): the same event as a seller
 * review, sent to the product's creator, with `product` naming what was reviewed (a seller
 * review has no `product`). A new review only; edits and replies are not events.
 */
export async function enqueueProductReviewCreated(
  trx: Db,
  creatorId: string,
  product: { id: string; title: string },
  review: ProductReview,
): Promise<string | null> {
  return enqueueEvent(trx, creatorId, 'review.created', async () => ({
    object: 'review',
    id: review.id,
    sellerId: creatorId,
    rating: review.rating,
    text: review.text,
    reviewer: { id: review.reviewer.id, name: review.reviewer.fullName },
    verifiedPurchase: review.verifiedPurchase,
    product: { id: product.id, title: product.title },
    createdAt: review.createdAt,
  }));
}

/**
 * The test ping of one endpoint (POST /api/settings/webhooks/{id}/test): recorded and sent
 * once, now, in the request; it has no job and is not retried, because the person who sent it
 * is looking at the answer. Returns the delivery's id.
 */
export async function sendTestPingNow(db: Db, endpointId: string, policy?: OutboundPolicy): Promise<string> {
  const eventId = randomUUID();
  const payload = payloadOf(eventId, 'webhook.test', { object: 'ping', endpointId, message: 'This is a test ping from toolmint.' }, new Date());
  const [id] = await insertDeliveries(db, [{ endpointId, eventId, eventType: 'webhook.test', payload }]);
  await deliverWebhook(db, id!, { final: true, ...(policy ? { policy } : {}) });
  return id!;
}

// --- Sending one delivery ---

/** The answer's start as text for the panel: control characters dropped, at most SNIPPET_BYTES. */
function snippetOf(body: Buffer): string {
  const text = body
    .subarray(0, SNIPPET_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

export interface DeliveryAttempt {
  status: WebhookDeliveryStatus;
  /** Why it was not delivered ('HTTP 500', 'No answer: ...'); null when it was. */
  problem: string | null;
}

/**
 * One attempt at delivery `deliveryId`, recorded on its row: 'delivered' on a 2xx answer, else
 * 'failed' when this was the `final` attempt and 'pending' when its job will try again. Null,
 * and nothing sent, when the delivery is gone (its endpoint was deleted) or already delivered.
 */
export async function deliverWebhook(db: Db, deliveryId: string, options: { final: boolean; policy?: OutboundPolicy }): Promise<DeliveryAttempt | null> {
  const row = await findDeliveryToSend(db, deliveryId);
  if (!row || row.status === 'delivered') return null;
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  let statusCode: number | null = null;
  let snippet: string | null = null;
  let error: string | null = null;
  try {
    const response = await outboundFetch(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'toolmint-webhooks/1.0',
        'toolmint-webhook-id': row.event_id,
        'toolmint-webhook-event': row.event_type,
        'toolmint-webhook-timestamp': String(timestamp),
        'toolmint-signature': signWebhook(row.secret, timestamp, row.payload),
      },
      body: row.payload,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      maxResponseBytes: SNIPPET_BYTES,
      ...(options.policy ? { policy: options.policy } : {}),
    });
    statusCode = response.status;
    snippet = snippetOf(response.body);
  } catch (e) {
    error = e instanceof OutboundRefusedError ? `Refused: ${e.message}` : `No answer: ${(e as Error).message}`.slice(0, SNIPPET_BYTES);
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const status: WebhookDeliveryStatus = delivered ? 'delivered' : options.final ? 'failed' : 'pending';
  await recordAttempt(db, row.id, { status, attemptAt: now, statusCode, snippet: error ?? snippet, error });
  return { status, problem: delivered ? null : (error ?? `HTTP ${statusCode}`) };
}
