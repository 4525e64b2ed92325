/**
 * POST /api/products/{id}/view: records a view (or preview) of a published product; 204.
 * Counted once per visitor per product per UTC day: a signed-in user by account, a visitor
 * by the toolmint_visitor cookie this answer sets, a request without it by client address.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getAuthSecret, getEnv } from '@/env';
import { clientAddressOf } from '@/functions/_shared/rate-limit';
import { recordView } from '@/functions/interactions/interactions.service';
import { identifyVisitor } from '@/functions/interactions/visitor';
import { recordProductView as route } from '@/src/shared/api/routes/products';

export const POST = endpoint(route, async ({ context, user, params, body }) => {
  const { request } = context;
  const env = getEnv();
  const visitor = identifyVisitor(
    { cookieHeader: request.headers.get('cookie'), userId: user?.id ?? null, address: clientAddressOf(context) ?? null },
    getAuthSecret(env),
    new URL(env.SITE_URL).protocol === 'https:',
  );
  await recordView(await getDb(), {
    productId: params.id,
    userId: user?.id ?? null,
    visitorKey: visitor.key,
    visitorAlias: visitor.alias,
    sessionId: body.sessionId,
    type: body.type,
    userAgent: request.headers.get('user-agent'),
  });
  const headers = new Headers();
  if (visitor.setCookie) headers.append('set-cookie', visitor.setCookie);
  return new Response(null, { status: 204, headers });
});
