/**
 * The one cursor codec of the API (docs/decisions/024): a list's `nextCursor` is the keyset
 * position of its last item (for example its sort value and id) as base64url JSON. Clients
 * treat it as opaque and send it back; the server decodes it through the list's own schema, so
 * a forged or stale cursor is a 400 'Invalid cursor', never a query with a bad value.
 */
import * as z from 'zod/mini';
import { AppError } from './errors';

export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<S extends z.ZodMiniType>(cursor: string | null | undefined, schema: S): z.output<S> | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: 'Invalid cursor: start again from the first page' });
  return parsed.data;
}

/**
 * The page of a keyset query that asked for `limit + 1` rows: the first `limit` rows, and the
 * cursor of the last one when there was another row after it.
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  positionOf: (row: T) => Record<string, string | number>,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
