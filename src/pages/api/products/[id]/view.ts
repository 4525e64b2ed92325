/**
 * POST /api/products/{id}/view: records a view (or preview) of a published product.
 */
import { getDb } from '../../../../../db/database';
import { handle, readJsonBody, uuidParam } from '../../../../../functions/_shared/http';
import { recordView, ViewSchema } from '../../../../../functions/interactions/interactions.service';

export const POST = handle(async (context) => {
  const { locals, request } = context;
  const productId = uuidParam(context, 'id');
  // An empty body is a plain view.
  const raw = await readJsonBody(request);
  const body = ViewSchema.parse(raw === undefined ? {} : raw);
  await recordView(await getDb(), {
    productId,
    userId: locals.user?.id ?? null,
    sessionId: body.sessionId,
    type: body.type,
    userAgent: request.headers.get('user-agent'),
  });
  return new Response(null, { status: 204 });
});
