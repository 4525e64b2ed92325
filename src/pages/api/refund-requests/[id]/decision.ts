/**
 * POST /api/refund-requests/{id}/decision { decision, message? }: the creator's answer from
 * /sales, or an administrator's from /admin/refunds (functions/payments/refunds.service.ts,
 * docs/decisions/049). -> the decided request; a second decision is 409.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { decideRefundRequest } from '@/functions/payments/refunds.service';
import { decideRefundRequest as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => decideRefundRequest(await getDb(), defaultPaymentsDeps(), user.id, params.id, body));
