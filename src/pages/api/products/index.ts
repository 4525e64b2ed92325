/**
 * GET /api/products: search published products. Query parameters: search, category, type,
 * budget, tool, pricing, level, sort, cursor, limit (src/shared/search.ts).
 * Validated first (by the route's schema, before the handler runs), then run under
 * searchGuard: a cap answering 503 SERVER_BUSY with Retry-After, a deadline answering 504
 * QUERY_TIMEOUT, and nothing started for a client that has gone away
 * (functions/_shared/read-guard.ts, docs/decisions/016).
 */
import { getDbHandle } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { findProducts, searchGuard } from '@/functions/catalogue/search.service';
import { searchProducts as route } from '@/src/shared/api/routes/products';

export const GET = endpoint(route, async ({ query, context }) => {
  const database = await getDbHandle();
  // Not cached: an unpublished product must disappear from results at once.
  return searchGuard.run(database, context.request.signal, (db, signal) => findProducts(db, query, { signal, cacheKey: database.location }));
});
