/**
 * POST /api/email/webhook: Resend's delivery events, signed Svix-style over the raw body
 * (functions/email/bounces.service.ts). 400 on a missing or bad signature; 200 otherwise.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { readBody } from '@/functions/_shared/http';
import { handleResendWebhook } from '@/functions/email/bounces.service';
import { receiveEmailEvent as route } from '@/src/shared/api/routes/notification-settings';

export const POST = endpoint(route, async ({ context: { request } }) => {
  const raw = (await readBody(request)).toString('utf8');
  const h = request.headers;
  return handleResendWebhook(await getDb(), raw, { id: h.get('svix-id'), timestamp: h.get('svix-timestamp'), signature: h.get('svix-signature') });
});
