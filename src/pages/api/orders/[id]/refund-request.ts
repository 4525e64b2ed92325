/**
 * POST /api/orders/{id}/refund-request { reason }: 'Request refund' in /library once the buyer
 * has opened the product (or reached the refund limit): a request to the creator
 * (functions/payments/refunds.service.ts, docs/decisions/049). -> 201 the request.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createRefundRequest } from '@/functions/payments/refunds.service';
import { createRefundRequest as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => createRefundRequest(await getDb(), user.id, params.id, body.reason));
