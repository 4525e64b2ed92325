/**
 * GET /api/products: search published products. Query parameters: search, category, type,
 * budget, tool, pricing, level, sort, cursor, limit (src/shared/search.ts).
 * Validated first, then run under searchGuard: a cap answering 503 SERVER_BUSY with
 * Retry-After, a deadline answering 504 QUERY_TIMEOUT, and nothing started for a client that
 * has gone away (functions/_shared/read-guard.ts, docs/decisions/016).
 */
import { getDbHandle } from '@/db/database';
import { handle, json } from '@/functions/_shared/http';
import { findProducts, parseSearchParams, searchGuard } from '@/functions/catalogue/search.service';
import { searchParamsFromUrl } from '@/src/shared/search';

export const GET = handle(async ({ url, request }) => {
  const params = parseSearchParams(searchParamsFromUrl(url.searchParams));
  const database = await getDbHandle();
  const result = await searchGuard.run(database, request.signal, (db, signal) => findProducts(db, params, { signal, cacheKey: database.location }));
  // Not cached: an unpublished product must disappear from results at once.
  return json(result);
});
