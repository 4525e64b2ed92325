/** GET /api/studio/discounts lists the caller's discount codes with their figures; POST creates one. docs/decisions/075. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createDiscountCode, listDiscountCodes } from '@/functions/payments/discounts.service';
import * as routes from '@/src/shared/api/routes/sales';

export const GET = endpoint(routes.listDiscountCodes, async ({ user }) => listDiscountCodes(await getDb(), user.id));
export const POST = endpoint(routes.createDiscountCode, async ({ user, body }) => createDiscountCode(await getDb(), user.id, body));
