import { sql, type RawBuilder } from 'kysely';

/**
 * The cutoff of a claim of due rows (emails, webhook deliveries, feed fetches): the caller's
 * time or the database's clock, whichever is later. New rows take their due time from the
 * database's now(), kept to the microsecond, while a JS Date holds milliseconds: without the
 * database's clock a row queued in the same millisecond as the claim that should send it would
 * look a few microseconds early and wait for the next scheduled run. A caller's later time
 * (a test stepping past a backoff) still wins.
 */
export function dueBy(now: Date): RawBuilder<Date> {
  return sql<Date>`greatest(${now}::timestamptz, now())`;
}
