/**
 * Keyset pages in the order of every "newest first" list of the API: (a timestamp desc, a
 * uuid desc). A page's cursor is the position of its last row, encoded by the API's one codec
 * (cursor.ts) and decoded through TimeKeysetSchema, so only a real timestamp and uuid ever
 * reach the comparison. Used by favorites, seller reviews, portfolios, tool updates and
 * notifications.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import * as z from 'zod/mini';
import { uuid } from '@/src/shared/api/contract';
import { isTimestampText } from '@/src/shared/ids';

/**
 * A microsecond-exact, fixed-width UTC text of a timestamp column ('2026-11-20T10:00:00.123456Z'):
 * exact, so the next page starts right after the last row; fixed-width, so two of them compare
 * as text in time order (the notifications feed merges two lists on it).
 */
export function timeKey(column: string) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A cursor's time: the text timeKey() wrote, or any timestamp PostgreSQL reads the same way. */
export const keysetTime = () => z.string().check(z.refine(isTimestampText));

export const TimeKeysetSchema = z.strictObject({ at: keysetTime(), id: uuid() });
export type TimeKeyset = z.output<typeof TimeKeysetSchema>;

/** Rows after `position` in (time desc, id desc) order. */
export function after(timeColumn: string, idColumn: string, position: TimeKeyset) {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** The cursor position of a row read with timeKey(...) as `cursor_at`. */
export const positionOf = (row: { cursor_at: string; id: string }): TimeKeyset => ({ at: row.cursor_at, id: row.id });

/**
 * One page of a list newest first by (timeColumn desc, idColumn desc), after `position`: the
 * tail every such list shares (notifications.repository.ts's notice lists).
 */
export function newestPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  timeColumn: string,
  idColumn: string,
  options: { after?: TimeKeyset | null; limit: number },
): Promise<O[]> {
  const from = options.after ? query.where(after(timeColumn, idColumn, options.after)) : query;
  return from.orderBy(sql.ref(timeColumn), 'desc').orderBy(sql.ref(idColumn), 'desc').limit(options.limit).execute();
}
