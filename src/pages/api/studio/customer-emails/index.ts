/** GET /api/studio/customer-emails lists the caller's emails to customers; POST sends one. docs/decisions/078. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listCustomerEmails, sendCustomerEmail } from '@/functions/customer-emails/customer-emails.service';
import * as routes from '@/src/shared/api/routes/sales';

export const GET = endpoint(routes.listCustomerEmails, async ({ user }) => listCustomerEmails(await getDb(), user.id));
export const POST = endpoint(routes.sendCustomerEmail, async ({ user, body }) => sendCustomerEmail(await getDb(), user.id, body));
