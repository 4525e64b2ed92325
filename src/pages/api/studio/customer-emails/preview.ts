/** POST /api/studio/customer-emails/preview: the body's Markdown as sanitized HTML. docs/decisions/078. */
import { endpoint } from '@/functions/_shared/endpoint';
import { previewCustomerEmail } from '@/functions/customer-emails/customer-emails.service';
import * as routes from '@/src/shared/api/routes/sales';

export const POST = endpoint(routes.previewCustomerEmail, ({ body }) => previewCustomerEmail(body));
