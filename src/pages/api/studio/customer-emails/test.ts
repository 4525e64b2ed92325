/** POST /api/studio/customer-emails/test: the email to the caller's own address only. docs/decisions/078. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { sendTestCustomerEmail } from '@/functions/customer-emails/customer-emails.service';
import * as routes from '@/src/shared/api/routes/sales';

export const POST = endpoint(routes.sendTestCustomerEmail, async ({ user, body }) => sendTestCustomerEmail(await getDb(), user.id, body));
