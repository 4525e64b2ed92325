/**
 * The queries of the write limits (functions/_shared/rate-limit.ts): fixed-window counters in
 * rate_limit_counters. One statement counts a request against several keys at once and answers
 * each key's new count; `on conflict do update` makes concurrent requests queue on the row,
 * so no increment is lost and no two requests see the same count.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function incrementCounters(db: Db, keys: readonly string[], windowStart: number, expiresAt: Date): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db
    .insertInto('rate_limit_counters')
    .values(keys.map((key) => ({ key, window_start: windowStart, count: 1, expires_at: expiresAt })))
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
    .returning(['key', 'count'])
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/** Windows that ended: nothing reads them again. */
export async function deleteExpiredCounters(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
