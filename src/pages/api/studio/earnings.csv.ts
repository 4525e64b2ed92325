/**
 * GET /api/studio/earnings.csv: 'Export Report' on /earnings, the signed-in creator's
 * earnings ledger as a CSV download (with an API key: scope sales:read).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { exportEarningsCsv } from '@/functions/studio/studio.service';
import { exportEarnings as route } from '@/src/shared/api/routes/payments';

export const GET = endpoint(route, async ({ user }) => {
  const csv = await exportEarningsCsv(await getDb(), user);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="toolmint-earnings-${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
