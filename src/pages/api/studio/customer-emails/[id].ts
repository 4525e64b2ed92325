/** GET /api/studio/customer-emails/{id}: one of the caller's emails to customers with its figures. docs/decisions/078. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getCustomerEmail } from '@/functions/customer-emails/customer-emails.service';
import * as routes from '@/src/shared/api/routes/sales';

export const GET = endpoint(routes.getCustomerEmail, async ({ user, params }) => getCustomerEmail(await getDb(), user.id, params.id));
