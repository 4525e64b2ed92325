/**
 * GET /api/admin/tax-report.csv?from=YYYY-MM&to=YYYY-MM: the administrators' tax report, tax
 * collected and refunded per country and month (docs/decisions/050), as a CSV download.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { taxReportCsv } from '@/functions/payments/invoices.service';
import { exportTaxReport as route } from '@/src/shared/api/routes/tax';

export const GET = endpoint(route, async ({ user, query }) => {
  const csv = await taxReportCsv(await getDb(), user.id, { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) });
  const span =
    query.from && query.to && query.from !== query.to ? `${query.from}-to-${query.to}` : (query.from ?? query.to ?? new Date().toISOString().slice(0, 7));
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="toolmint-tax-${span}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
