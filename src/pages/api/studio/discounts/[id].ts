/** PATCH /api/studio/discounts/{id} changes one of the caller's codes (only the fields sent). docs/decisions/075. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { updateDiscountCode } from '@/functions/payments/discounts.service';
import * as routes from '@/src/shared/api/routes/sales';

export const PATCH = endpoint(routes.updateDiscountCode, async ({ user, params, body }) => updateDiscountCode(await getDb(), user.id, params.id, body));
