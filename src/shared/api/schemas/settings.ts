/**
 * What /settings/api's routes answer: API keys (docs/decisions/025) and webhook endpoints and
 * their deliveries (docs/decisions/027). The TypeScript types of src/shared/api-keys.ts and
 * src/shared/webhooks.ts derive from these.
 */
import * as z from 'zod/mini';
import { API_KEY_SCOPES, WEBHOOK_DELIVERY_EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../../domain';

export const ApiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the key, prefix included: enough to tell keys apart. */
  start: z.string(),
  createdAt: z.string(),
  /** The last request made with the key, or null when it was never used. */
  lastUsedAt: z.nullable(z.string()),
});

/** The answer to a creation: the one time the whole key is shown. */
export const CreatedApiKeySchema = z.extend(ApiKeyViewSchema, { key: z.string() });

export const WebhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** The signing secret (whsec_…): shown to its owner, who needs it to verify deliveries. */
  secret: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const WebhookDeliveryViewSchema = z.object({
  id: z.string(),
  /** The event's id, sent as Toolmint-Webhook-Id: the same on every retry. */
  eventId: z.string(),
  event: z.enum(WEBHOOK_DELIVERY_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int(),
  /** The HTTP status of the last answer; null when no answer came (refused, timed out, unreachable). */
  lastStatusCode: z.nullable(z.int()),
  /** The start of the last answer's body, or why no answer came. */
  lastResponse: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  /** When its job tries again (pending, waiting for a retry); null once delivered or failed, and while an attempt runs. */
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  createdAt: z.string(),
});
