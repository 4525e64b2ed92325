/**
 * POST /api/products/{id}/view: records a view (or preview) of a published product.
 */
import { getDb } from '../../../../../db/database';
import { handle } from '../../../../../functions/_shared/http';
import { recordView, ViewSchema } from '../../../../../functions/interactions/interactions.service';

export const POST = handle(async ({ params, locals, request }) => {
  const body = ViewSchema.parse(await request.json().catch(() => ({})));
  await recordView(await getDb(), {
    productId: params.id ?? '',
    userId: locals.user?.id ?? null,
    sessionId: body.sessionId,
    type: body.type,
    userAgent: request.headers.get('user-agent'),
  });
  return new Response(null, { status: 204 });
});
