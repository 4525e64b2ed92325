/**
 * GET /api/profiles/{userId}/products?sort=newest|popular|top_rated&category=&cursor=&limit=: a
 * page of the creator's published products (the portfolio); { items, nextCursor }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getPublicPortfolio } from '@/functions/profiles/profile-page.service';
import { listPortfolio } from '@/src/shared/api/routes/profile';

export const GET = endpoint(listPortfolio, async ({ params, query }) => getPublicPortfolio(await getDb(), params.userId, query));
