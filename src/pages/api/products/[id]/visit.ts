/**
 * POST /api/products/{id}/visit: the product page's beacon (docs/decisions/079); 204. Counts the
 * visitor once per product per UTC day with the visit's source; a visit with a source also sets
 * the source cookie a later checkout records (functions/analytics/analytics.service.ts); an
 * affiliate's ref, the ref cookie (functions/payments/affiliates.service.ts, docs/decisions/081).
 */
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { endpoint } from '@/functions/_shared/endpoint';
import { clientAddressOf } from '@/functions/_shared/rate-limit';
import { recordVisit } from '@/functions/analytics/analytics.service';
import { recordClick } from '@/functions/payments/affiliates.service';
import { refCookie } from '@/src/shared/affiliates';
import { recordProductVisit as route } from '@/src/shared/api/routes/analytics';
import { encodeSourceCookie, isDirect, SOURCE_COOKIE, SOURCE_COOKIE_DAYS } from '@/src/shared/traffic';

export const POST = endpoint(route, async ({ context, params, body }) => {
  const { request } = context;
  const site = new URL(getEnv().SITE_URL);
  const { source } = await recordVisit(await getDb(), {
    productId: params.id,
    address: clientAddressOf(context) ?? null,
    userAgent: request.headers.get('user-agent'),
    source: { referrerHost: body.referrer, utmSource: body.utmSource, utmMedium: body.utmMedium, utmCampaign: body.utmCampaign },
    ownHost: site.hostname,
  });
  const headers = new Headers({ 'cache-control': 'no-store' });
  // The last source a browser came from (a direct visit keeps it): only the source, no identifier.
  if (!isDirect(source))
    headers.append(
      'set-cookie',
      `${SOURCE_COOKIE}=${encodeSourceCookie(source)}; Path=/; Max-Age=${SOURCE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${site.protocol === 'https:' ? '; Secure' : ''}`,
    );
  // An affiliate's ref (docs/decisions/081): checked, counted and kept in its own cookie (last click wins).
  if (body.ref) headers.append('set-cookie', refCookie(await recordClick(await getDb(), params.id, body.ref), site.protocol === 'https:'));
  return new Response(null, { status: 204, headers });
});
