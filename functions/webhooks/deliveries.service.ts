/**
 * Webhook deliveries (docs/decisions/027): the outbox, the signature and the worker.
 *
 * - enqueue*(): called by the services that make the change (payments, products, reviews)
 *   inside their transaction, so an event is recorded exactly when its change commits: a
 *   rollback leaves no delivery, a crash after the commit loses none. One row per subscribed
 *   endpoint, all with the same event id and the exact JSON body that is signed and sent.
 * - deliverDueWebhooks(): claims due rows (webhooks.repository.ts claimDueDeliveries: row
 *   locks with SKIP LOCKED and a lapsing claim, so concurrent workers never send the same
 *   attempt twice at once), POSTs each through the SSRF guard (outbound-fetch.ts), and records
 *   the answer. 2xx is delivered; anything else is retried after 1 min, 5 min, 30 min, 2 h,
 *   6 h, then every 12 h, until 24 hours after the first attempt, when it is failed. Run by
 *   the job 'webhooks.deliver' (deliveries.job.ts): the reaction to the 'webhooks.due' event
 *   that enqueue*() emits in the same transaction, so the first attempt follows the commit
 *   (docs/decisions/055), and every minute for the retries. `now` is a parameter so tests
 *   drive the clock instead of sleeping.
 * - Delivery is at least once: a worker that dies after sending and before recording sends
 *   again once its claim lapses; receivers deduplicate by Toolmint-Webhook-Id.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Db } from '@/db/database';
import type { DeliveryRunSchema } from '@/src/shared/api/schemas/settings';
import type { Order } from '@/db/schema';
import { formatOrderNumber, toCents } from '@/src/shared/payments';
import type { SellerReviewView } from '@/src/shared/api/schemas/profile';
import type { ProductReview } from '@/src/shared/api/schemas/product-reviews';
import type { WebhookDeliveryEventType, WebhookDeliveryStatus, WebhookEventType } from '@/src/shared/domain';
import { emit } from '@/functions/jobs';
import { getEnv } from '@/env';
import { outboundFetch, OutboundRefusedError, type OutboundPolicy } from '../_shared/outbound-fetch';
import { claimDueDeliveries, finishDelivery, findSaleContext, findSubscribedEndpoints, insertDeliveries, type ClaimedDelivery } from './webhooks.repository';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Waits after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const RETRY_BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR] as const;
/** How long after its first attempt a delivery is retried. */
const RETRY_WINDOW_MS = 24 * HOUR;
/** How long a worker holds its claim: well past one attempt's deadline. */
const CLAIM_MS = 2 * MINUTE;
const ATTEMPT_TIMEOUT_MS = 10_000;
/** The answer's first bytes kept for the panel. */
const SNIPPET_BYTES = 500;
/** Attempts run at once by one worker. */
const CONCURRENCY = 5;
const BATCH = 50;

/** A new endpoint's signing secret. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`: the Toolmint-Signature header. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * When a failed delivery is tried next, or null when its 24 hours are over. The last wait is
 * shortened to end exactly at the deadline, so the final attempt falls on it.
 */
export function nextAttemptAfter(firstAttemptAt: Date, attemptAt: Date, attempts: number): Date | null {
  const deadline = firstAttemptAt.getTime() + RETRY_WINDOW_MS;
  if (attemptAt.getTime() >= deadline) return null;
  const wait = RETRY_BACKOFF_MS[Math.min(Math.max(attempts, 1), RETRY_BACKOFF_MS.length) - 1]!;
  return new Date(Math.min(attemptAt.getTime() + wait, deadline));
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
  await insertDeliveries(
    db,
    endpoints.map((endpointId) => ({ endpointId, eventId, eventType: type, payload })),
  );
  // The sender is the reaction to 'webhooks.due' (deliveries.job.ts): it runs once this commits.
  await emit(db, 'webhooks.due', {});
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

/** The test ping of one endpoint (POST /api/settings/webhooks/{id}/test): the delivery's id. */
export async function enqueueTestPing(db: Db, endpointId: string, now = new Date()): Promise<string> {
  const eventId = randomUUID();
  const payload = payloadOf(eventId, 'webhook.test', { object: 'ping', endpointId, message: 'This is a test ping from toolmint.' }, now);
  const [id] = await insertDeliveries(db, [{ endpointId, eventId, eventType: 'webhook.test', payload, nextAttemptAt: now }]);
  return id!;
}

// --- The worker ---

/** What a run of the worker did (the answer of /api/cron/webhooks and part of the sweep's). */
export type DeliveryRunResult = z.output<typeof DeliveryRunSchema>;

export interface DeliverOptions {
  now?: Date;
  limit?: number;
  /** Only these deliveries (if due): the test ping delivers its own row and nothing else. */
  ids?: string[];
  policy?: OutboundPolicy;
}

/** The answer's start as text for the panel: control characters dropped, at most SNIPPET_BYTES. */
function snippetOf(body: Buffer): string {
  const text = body
    .subarray(0, SNIPPET_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

async function attempt(db: Db, row: ClaimedDelivery, token: string, now: Date, policy: OutboundPolicy | undefined): Promise<WebhookDeliveryStatus | 'lost'> {
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
      ...(policy ? { policy } : {}),
    });
    statusCode = response.status;
    snippet = snippetOf(response.body);
  } catch (e) {
    error = e instanceof OutboundRefusedError ? `Refused: ${e.message}` : `No answer: ${(e as Error).message}`.slice(0, SNIPPET_BYTES);
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const firstAttemptAt = row.first_attempt_at ? new Date(row.first_attempt_at) : now;
  // A test ping is tried once: the person who sent it is looking at the answer.
  const next = delivered || row.event_type === 'webhook.test' ? null : nextAttemptAfter(firstAttemptAt, now, row.attempts + 1);
  const status: WebhookDeliveryStatus = delivered ? 'delivered' : next ? 'pending' : 'failed';
  const recorded = await finishDelivery(db, row.id, token, {
    status,
    attemptAt: now,
    firstAttemptAt,
    nextAttemptAt: next ?? now,
    statusCode,
    snippet: error ?? snippet,
    error,
  });
  return recorded ? status : 'lost';
}

/** Sends the deliveries due at `now` (at most `limit`), a few at a time. */
export async function deliverDueWebhooks(db: Db, options: DeliverOptions = {}): Promise<DeliveryRunResult> {
  const now = options.now ?? new Date();
  const token = randomUUID();
  const claimed = await claimDueDeliveries(db, {
    now,
    claimedUntil: new Date(now.getTime() + CLAIM_MS),
    token,
    limit: options.limit ?? BATCH,
    ...(options.ids ? { ids: options.ids } : {}),
  });
  const result: DeliveryRunResult = { attempted: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  const queue = [...claimed];
  const work = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const status = await attempt(db, row, token, now, options.policy);
      if (status === 'delivered') result.delivered++;
      else if (status === 'pending') result.retrying++;
      else if (status === 'failed') result.failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, work));
  return result;
}

/** The sweep's run: batch after batch until nothing is due at `now` (at most `maxBatches`). */
export async function deliverAllDueWebhooks(db: Db, options: DeliverOptions & { maxBatches?: number } = {}): Promise<DeliveryRunResult> {
  const total: DeliveryRunResult = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
  const limit = options.limit ?? BATCH;
  for (let batch = 0; batch < (options.maxBatches ?? 20); batch++) {
    const run = await deliverDueWebhooks(db, { ...options, limit });
    total.attempted += run.attempted;
    total.delivered += run.delivered;
    total.retrying += run.retrying;
    total.failed += run.failed;
    if (run.attempted < limit) break;
  }
  return total;
}
