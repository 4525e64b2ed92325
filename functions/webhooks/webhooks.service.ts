/**
 * A creator's webhook endpoints (docs/decisions/027), for /api/settings/webhooks/**:
 * register, list, edit, delete, roll the signing secret, list deliveries and send a test ping.
 *
 * - Own endpoints only: another user's endpoint answers 404 WEBHOOK_NOT_FOUND, like one that
 *   does not exist, and nothing changes.
 * - A URL is checked by the SSRF guard (functions/_shared/outbound-fetch.ts) when it is saved
 *   (400 VALIDATION_FAILED on `url` with the reason) and again at every delivery.
 * - At most MAX_WEBHOOK_ENDPOINTS per account, counted under a lock on the owner's profile so
 *   two concurrent registrations cannot pass it (409 WEBHOOK_LIMIT_REACHED).
 */
import type { Db } from '@/db/database';
import type { WebhookDelivery } from '@/db/schema';
import { isUuid } from '@/src/shared/ids';
import { decodeCursor, pageOf } from '@/functions/_shared/cursor';
import { positionOf, TimeKeysetSchema } from '@/functions/_shared/keyset.repository';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookDeliveryView,
  type WebhookEndpointInput,
  type WebhookEndpointPatch,
  type WebhookEndpointView,
} from '@/src/shared/webhooks';
import { AppError } from '../_shared/errors';
import { checkOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../_shared/outbound-fetch';
import { openJobsByKey } from '../jobs';
import { newWebhookSecret, sendTestPingNow, WEBHOOKS_JOB } from './deliveries.service';
import {
  countEndpoints,
  deleteOwnEndpoint,
  findDelivery,
  findOwnEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockOwner,
  updateOwnEndpoint,
} from './webhooks.repository';

type EndpointRow = NonNullable<Awaited<ReturnType<typeof findOwnEndpoint>>>;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    secret: row.secret,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** `nextAttemptAt`: when its job runs next (pg-boss keeps a retry's time), for a delivery still pending. */
function toDeliveryView(row: WebhookDelivery, nextAttemptAt: Date | null): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastResponse: row.last_response_snippet,
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' && nextAttemptAt ? iso(nextAttemptAt) : null,
    deliveredAt: isoOrNull(row.delivered_at),
    createdAt: iso(row.created_at),
  };
}

/** The SSRF guard's verdict as a field error of the form. */
async function checkUrl(url: string, policy?: OutboundPolicy): Promise<string> {
  try {
    return (await checkOutboundUrl(url, policy)).toString();
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new AppError('VALIDATION_FAILED', error.message, { url: error.message });
    throw error;
  }
}

async function ownEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow> {
  const row = isUuid(id) ? await findOwnEndpoint(db, userId, id) : undefined;
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

export async function listWebhookEndpoints(db: Db, userId: string): Promise<{ items: WebhookEndpointView[]; nextCursor: null }> {
  // At most MAX_WEBHOOK_ENDPOINTS: one page holds them all.
  return { items: (await listEndpoints(db, userId)).map(toEndpointView), nextCursor: null };
}

export async function createWebhookEndpoint(db: Db, userId: string, input: WebhookEndpointInput, policy?: OutboundPolicy): Promise<WebhookEndpointView> {
  const url = await checkUrl(input.url, policy);
  const row = await db.transaction().execute(async (trx) => {
    if (!(await lockOwner(trx, userId))) throw new AppError('UNAUTHENTICATED');
    if ((await countEndpoints(trx, userId)) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('WEBHOOK_LIMIT_REACHED');
    return insertEndpoint(trx, { userId, url, description: input.description, events: input.events, secret: newWebhookSecret() });
  });
  return toEndpointView(row);
}

export async function updateWebhookEndpoint(
  db: Db,
  userId: string,
  id: string,
  patch: WebhookEndpointPatch,
  policy?: OutboundPolicy,
): Promise<WebhookEndpointView> {
  await ownEndpoint(db, userId, id);
  const url = patch.url === undefined ? undefined : await checkUrl(patch.url, policy);
  const row = await updateOwnEndpoint(db, userId, id, {
    ...(url !== undefined ? { url } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.events !== undefined ? { events: patch.events } : {}),
  });
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return toEndpointView(row);
}

/** A new signing secret; the old one stops working at once. */
export async function rollWebhookSecret(db: Db, userId: string, id: string): Promise<WebhookEndpointView> {
  await ownEndpoint(db, userId, id);
  const row = await updateOwnEndpoint(db, userId, id, { secret: newWebhookSecret() });
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return toEndpointView(row);
}

export async function deleteWebhookEndpoint(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnEndpoint(db, userId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
}

export async function listWebhookDeliveries(
  db: Db,
  userId: string,
  id: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
  const endpoint = await ownEndpoint(db, userId, id);
  const rows = await listDeliveries(db, endpoint.id, decodeCursor(query.cursor, TimeKeysetSchema), query.limit + 1);
  const page = pageOf(rows, query.limit, positionOf);
  const pending = page.items.filter((d) => d.status === 'pending').map((d) => d.id);
  const jobs = await openJobsByKey(db, WEBHOOKS_JOB, pending);
  // A job running now has no next attempt to show yet.
  const next = (id: string) => {
    const job = jobs.get(id);
    return job && job.state !== 'active' ? job.startAfter : null;
  };
  return { items: page.items.map((d) => toDeliveryView(d, next(d.id))), nextCursor: page.nextCursor };
}

/**
 * Sends a test ping now and answers with its delivery, the receiver's answer included (one
 * attempt, bounded by the delivery timeout; a test ping is not retried).
 */
export async function sendTestPing(db: Db, userId: string, id: string, policy?: OutboundPolicy): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(db, userId, id);
  const deliveryId = await sendTestPingNow(db, endpoint.id, policy);
  const row = await findDelivery(db, deliveryId);
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return toDeliveryView(row, null);
}
