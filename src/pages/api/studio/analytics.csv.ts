/**
 * GET /api/studio/analytics.csv: 'Export CSV' on /sales and a product's analytics page, the
 * signed-in creator's visitors, checkouts, paid orders and revenue per day and source
 * (docs/decisions/079; with an API key: scope sales:read).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { exportTrafficCsv } from '@/functions/analytics/analytics.service';
import { exportTrafficCsv as route } from '@/src/shared/api/routes/analytics';

export const GET = endpoint(route, async ({ user, query }) => {
  const csv = await exportTrafficCsv(await getDb(), user.id, { productId: query.productId ?? null });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="toolmint-traffic-${query.productId ? `${query.productId.slice(0, 8)}-` : ''}${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
