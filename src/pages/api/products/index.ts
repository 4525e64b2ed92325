/**
 * GET /api/products: search published products. Query parameters: search, category, type,
 * budget, tool, pricing, level, sort, cursor, limit (src/shared/search.ts).
 */
import { getDb } from '../../../../db/database';
import { handle, json } from '../../../../functions/_shared/http';
import { searchCatalogue } from '../../../../functions/catalogue/search.service';
import { searchParamsFromUrl } from '../../../shared/search';

export const GET = handle(async ({ url }) => {
  const result = await searchCatalogue(await getDb(), searchParamsFromUrl(url.searchParams));
  // Not cached: an unpublished product must disappear from results at once.
  return json(result);
});
