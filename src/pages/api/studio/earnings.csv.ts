/**
 * GET /api/studio/earnings.csv: 'Export Report' on /earnings, the signed-in creator's
 * earnings ledger as a CSV download.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle } from '@/functions/_shared/http';
import { exportEarningsCsv } from '@/functions/studio/studio.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
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
