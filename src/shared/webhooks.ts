/**
 * Creator webhooks, isomorphic part (docs/decisions/027): the input schemas the API and the
 * panel in /settings/api share, the shapes the API answers with, the limits, and the
 * 'Verifying webhooks' snippet shown in the panel (the same text as the decision record).
 */
import './zod-browser';
import * as z from 'zod/mini';
import { safeText } from './text';
import type { WebhookDeliveryViewSchema, WebhookEndpointViewSchema } from './api/schemas/settings';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './domain';

/** Endpoints per account. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries per page of GET /api/settings/webhooks/{id}/deliveries (default and most). */
export const WEBHOOK_DELIVERIES_PAGE = 20;

const endpointFields = {
  url: safeText({ error: 'Enter the URL of your endpoint' }).check(
    z.trim(),
    z.minLength(1, 'Enter the URL of your endpoint'),
    z.maxLength(WEBHOOK_URL_MAX, `The URL can be at most ${WEBHOOK_URL_MAX} characters`),
    z.refine((v: string) => /^https?:\/\//i.test(v) && URL.canParse(v), 'Enter a full URL, starting with https://'),
  ),
  description: safeText().check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, `The description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters`)),
  events: z.pipe(
    z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event' }), { error: 'Choose at least one event' })
      .check(z.minLength(1, 'Choose at least one event'), z.maxLength(WEBHOOK_EVENT_TYPES.length)),
    z.transform((events: WebhookEventType[]) => [...new Set(events)]),
  ),
};

export const WebhookEndpointInputSchema = z.strictObject({ ...endpointFields, description: z._default(endpointFields.description, '') });
export type WebhookEndpointInput = z.output<typeof WebhookEndpointInputSchema>;

/** PATCH: any of the fields, at least one; a field not sent is left as it is. */
export const WebhookEndpointPatchSchema = z
  .partial(z.strictObject(endpointFields))
  .check(
    z.refine((v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one of url, description and events' }),
  );
export type WebhookEndpointPatch = z.output<typeof WebhookEndpointPatchSchema>;

export type WebhookEndpointView = z.output<typeof WebhookEndpointViewSchema>;
export type WebhookDeliveryView = z.output<typeof WebhookDeliveryViewSchema>;

/** Shown in /settings/api and in docs/decisions/027: how a receiver checks a delivery. */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string, before JSON.parse).
function verifyToolmintWebhook(rawBody, headers, secret) {
  const timestamp = headers['toolmint-webhook-timestamp'];
  const signature = headers['toolmint-signature']; // "v1=<hex>"
  if (!timestamp || !signature) return false;
  // Refuse old deliveries (replays): 5 minutes of tolerance.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = 'v1=' + createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}
// Then deduplicate by headers['toolmint-webhook-id']: a retry sends the same id.`;
