/**
 * GET /api/studio/analytics.csv: 'Export CSV' on /sales and a product's analytics page, the
 * signed-in creator's visitors, checkouts, paid orders and revenue per day and source
 * (docs/decisions/079; with an API key: scope sales:read), over the last `days` (7, 30 or 90).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { exportTrafficCsv } from '@/functions/analytics/analytics.service';
import { exportTrafficCsv as route } from '@/src/shared/api/routes/analytics';
import { DEFAULT_TRAFFIC_RANGE } from '@/src/shared/traffic';

export const GET = endpoint(route, async ({ user, query }) => {
  const csv = await exportTrafficCsv(await getDb(), user.id, { productId: query.productId ?? null, ...(query.days ? { days: query.days } : {}) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="toolmint-traffic-${query.productId ? `${query.productId.slice(0, 8)}-` : ''}${query.days ?? DEFAULT_TRAFFIC_RANGE}d-${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
