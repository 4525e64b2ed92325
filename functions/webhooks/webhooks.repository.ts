/**
 * Every query of creator webhooks (docs/decisions/027): endpoints (always scoped to their
 * owner), and the deliveries: the log of what was sent to them, one row per event and
 * endpoint, each sent by its own job (docs/decisions/060).
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '@/db/database';
import { after, timeKey, type TimeKeyset } from '@/functions/_shared/keyset.repository';
import type { Database, WebhookDelivery } from '@/db/schema';
import type { WebhookDeliveryEventType, WebhookDeliveryStatus, WebhookEventType } from '@/src/shared/domain';

type Executor = Db | Transaction<Database>;

const ENDPOINT_COLUMNS = ['id', 'url', 'description', 'events', 'secret', 'created_at', 'updated_at'] as const;

/** Serialises one owner's endpoint writes (the per-account limit is counted under it). */
export async function lockOwner(trx: Executor, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

export async function countEndpoints(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(db: Executor, values: { userId: string; url: string; description: string; events: WebhookEventType[]; secret: string }) {
  return db
    .insertInto('webhook_endpoints')
    .values({ user_id: values.userId, url: values.url, description: values.description, events: values.events, secret: values.secret })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Executor, userId: string) {
  return db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function findOwnEndpoint(db: Executor, userId: string, id: string) {
  return db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function updateOwnEndpoint(
  db: Executor,
  userId: string,
  id: string,
  values: { url?: string; description?: string; events?: WebhookEventType[]; secret?: string },
) {
  return db
    .updateTable('webhook_endpoints')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteOwnEndpoint(db: Executor, userId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return Boolean(row);
}

/** The owner's endpoints subscribed to an event. */
export async function findSubscribedEndpoints(db: Executor, userId: string, type: WebhookEventType): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<boolean>`${type}::text = any(events)`)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertDeliveries(
  db: Executor,
  rows: { endpointId: string; eventId: string; eventType: WebhookDeliveryEventType; payload: string }[],
): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(rows.map((r) => ({ endpoint_id: r.endpointId, event_id: r.eventId, event_type: r.eventType, payload: r.payload })))
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/** One page of an endpoint's deliveries, newest first, after a keyset position (functions/_shared/keyset.repository.ts). */
export async function listDeliveries(db: Executor, endpointId: string, position: TimeKeyset | null, limit: number) {
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .select(timeKey('webhook_deliveries.created_at').as('cursor_at'))
    .where('endpoint_id', '=', endpointId);
  if (position) query = query.where(after('webhook_deliveries.created_at', 'webhook_deliveries.id', position));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findDelivery(db: Executor, id: string): Promise<WebhookDelivery | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A delivery with what sending it needs: its endpoint's URL and signing secret as they are now. */
export async function findDeliveryToSend(db: Executor, id: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.event_id', 'd.event_type', 'd.payload', 'd.status', 'e.url', 'e.secret'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Records one attempt's outcome; a delivery once delivered stays so. */
export async function recordAttempt(
  db: Executor,
  id: string,
  values: { status: WebhookDeliveryStatus; attemptAt: Date; statusCode: number | null; snippet: string | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: values.status,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: values.attemptAt,
      last_status_code: values.statusCode,
      last_response_snippet: values.snippet,
      last_error: values.error,
      delivered_at: values.status === 'delivered' ? values.attemptAt : null,
    }))
    .where('id', '=', id)
    .where('status', '!=', 'delivered')
    .execute();
}

// --- What the events carry: read in the transaction of the change. ---

/** The sale's product title and the buyer's display name (what /sales shows the creator). */
export async function findSaleContext(db: Executor, productId: string, buyerId: string) {
  // One after the other: inside a transaction both go over the same connection anyway.
  const product = await db.selectFrom('products').select(['title']).where('id', '=', productId).executeTakeFirst();
  const buyer = await db.selectFrom('profiles').select(['full_name']).where('id', '=', buyerId).executeTakeFirst();
  return { productTitle: product?.title ?? '', buyerName: buyer?.full_name?.trim() || 'A buyer' };
}
