/**
 * Email notifications' routes (issue 18, docs/decisions/041): /settings/notifications' own
 * preferences (a cookie session only, never an API key), the one-click unsubscribe of RFC 8058
 * and its 'Undo' (no sign-in: the signed token is the authority), and Resend's delivery events.
 */
import * as z from 'zod/mini';
import { defineRoute, json } from '../contract';
import {
  NotificationPreferencesInputSchema,
  NotificationPreferencesViewSchema,
  UNSUBSCRIBE_SCOPES,
  UnsubscribeResultSchema,
  defaultPreferences,
} from '../../email-preferences';

const tokenQuery = z.strictObject({
  token: z.string().check(z.minLength(1, 'Required'), z.maxLength(1000, 'Too long')),
  /** A creator's email's link stops that creator; `scope=kind` stops the whole kind (the unsubscribe page's second button). */
  scope: z.optional(z.enum(UNSUBSCRIBE_SCOPES, { error: 'scope is creator or kind' })),
});
const EXAMPLE_TOKEN = 'eyJ1Ijoia0o4dlEyeExtTjRwUjZzVCIsImsiOiJ0b29sX3VwZGF0ZSIsIngiOjE3OTk5OTk5OTl9.Q2hhbmdlZC1ieS10aGUtdGVzdC10YWJsZS10by1hLXJlYWwtb25l';

export const getNotificationSettings = defineRoute({
  method: 'GET',
  path: '/api/settings/notifications',
  operationId: 'getNotificationSettings',
  tag: 'Notifications',
  summary: 'What toolmint tells you, and how: a channel per kind of notification',
  description:
    'Channels: `off`, `app` (the bell only), `instant` (an email at once), `daily` and `weekly` (a line in that digest). `suppressed` is set when email to your address stopped after a hard bounce or a spam complaint reported by the mail provider. Receipts, password resets and verification emails are transactional: always sent, not listed here.',
  auth: 'user',
  response: json(NotificationPreferencesViewSchema),
});

export const putNotificationSettings = defineRoute({
  method: 'PUT',
  path: '/api/settings/notifications',
  operationId: 'putNotificationSettings',
  tag: 'Notifications',
  summary: 'Replace your channel for every kind of notification',
  description:
    'Every kind is required; a kind offers only some channels (the weekly digest is `off` or `weekly`). The GET answer can be sent back unchanged (`suppressed` is read-only).',
  auth: 'user',
  body: json(NotificationPreferencesInputSchema),
  response: json(NotificationPreferencesViewSchema),
  example: { body: { preferences: { ...defaultPreferences(), tool_update: 'instant' } } },
});

export const unsubscribeOneClick = defineRoute({
  method: 'POST',
  path: '/api/unsubscribe',
  operationId: 'unsubscribeOneClick',
  tag: 'Notifications',
  summary: "One-click unsubscribe (RFC 8058): turns off the kind of email the link's token names, or one creator's emails",
  description:
    'The URL of every notification email’s `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. No sign-in: the token is signed by the server for one user and one kind and expires after 90 days. A forged, malformed or expired token, or one naming a kind toolmint does not have, answers 400 and changes nothing. The body (`List-Unsubscribe=One-Click`) is not needed. A second POST changes nothing more. The link of a creator’s email to customers stops that creator’s emails only (`scope: creator`, `creatorName` in the answer); `scope=kind` turns off every creator’s.',
  auth: 'public',
  query: tokenQuery,
  body: { kind: 'raw', contentType: 'application/x-www-form-urlencoded' },
  response: json(UnsubscribeResultSchema),
  example: { query: { token: EXAMPLE_TOKEN } },
});

export const undoUnsubscribe = defineRoute({
  method: 'POST',
  path: '/api/unsubscribe/undo',
  operationId: 'undoUnsubscribe',
  tag: 'Notifications',
  summary: "'Undo' on the unsubscribe page: the kind gets back the channel the unsubscribe turned off",
  description:
    'Same token (and `scope`) as the unsubscribe. When nothing was turned off by it, nothing changes. For a creator’s email, `scope=creator` (the default) gets that creator’s emails back, `scope=kind` the whole kind.',
  auth: 'public',
  query: tokenQuery,
  response: json(UnsubscribeResultSchema),
  example: { query: { token: EXAMPLE_TOKEN } },
});

export const receiveEmailEvent = defineRoute({
  method: 'POST',
  path: '/api/email/webhook',
  operationId: 'receiveEmailEvent',
  tag: 'Webhooks',
  summary: 'Resend’s delivery events: a hard bounce or a complaint stops email to that address',
  description:
    'For Resend only (with `RESEND_WEBHOOK_SECRET`). The raw body is verified against the `svix-id`, `svix-timestamp` and `svix-signature` headers before anything is read; a missing or bad signature, or no secret configured, answers 400. Other event types are accepted and ignored.',
  auth: 'secret',
  body: { kind: 'raw', contentType: 'application/json' },
  response: json(z.object({ received: z.literal(true), suppressed: z.number() })),
  errors: ['WEBHOOK_SIGNATURE_INVALID'],
  example: {
    body: {
      type: 'email.bounced',
      created_at: '2026-11-28T07:00:00.000Z',
      data: { email_id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c', to: ['ada@example.com'], bounce: { type: 'Permanent' } },
    },
  },
});

export const notificationSettingsRoutes = [getNotificationSettings, putNotificationSettings, unsubscribeOneClick, undoUnsubscribe, receiveEmailEvent] as const;
