/**
 * GET /api/profiles/{userId}/products?sort=newest|popular|top_rated&category=&offset=: the
 * creator's published products (the portfolio); { items, nextOffset }.
 */
import { getDb } from '@/db/database';
import { handle, json, userIdParam } from '@/functions/_shared/http';
import { getPublicPortfolio } from '@/functions/profiles/profile-page.service';

export const GET = handle(async (context) => {
  const q = context.url.searchParams;
  return json(
    await getPublicPortfolio(await getDb(), userIdParam(context, 'userId'), { sort: q.get('sort'), category: q.get('category'), offset: q.get('offset') }),
  );
});
