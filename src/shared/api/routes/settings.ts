/**
 * /settings/api's routes: API keys (docs/decisions/025) and creator webhooks (docs/decisions/027).
 * Account routes: a cookie session only, never an API key (no scope).
 */
import * as z from 'zod/mini';
import { defineRoute, empty, json, page, pageQuery, uuid } from '../contract';
import { CreateApiKeySchema } from '../../api-keys';
import { USER_ID_PATTERN } from '../../ids';
import { WEBHOOK_DELIVERIES_PAGE, WebhookEndpointInputSchema, WebhookEndpointPatchSchema } from '../../webhooks';
import { ApiKeyViewSchema, CreatedApiKeySchema, WebhookDeliveryViewSchema, WebhookEndpointViewSchema } from '../schemas/settings';

const EXAMPLE_ID = '5f0c6b2e-1d3a-4e8b-9c7d-2a1b3c4d5e6f';
const endpointParams = z.strictObject({ id: uuid() });

export const listApiKeys = defineRoute({
  method: 'GET',
  path: '/api/settings/api-keys',
  operationId: 'listApiKeys',
  tag: 'API keys',
  summary: "The caller's API keys, newest first (never the secrets)",
  description: 'An account holds at most 20 keys, so one page holds them all: `nextCursor` is always null.',
  auth: 'user',
  response: json(page(ApiKeyViewSchema)),
});

export const createApiKey = defineRoute({
  method: 'POST',
  path: '/api/settings/api-keys',
  operationId: 'createApiKey',
  tag: 'API keys',
  summary: 'Create an API key; the answer holds the whole key, the only time it is shown',
  auth: 'verified',
  body: json(CreateApiKeySchema),
  status: 201,
  response: json(CreatedApiKeySchema),
  errors: ['API_KEY_LIMIT_REACHED'],
  example: { body: { name: 'Release script', scopes: ['products:read', 'products:write'] } },
});

export const revokeApiKey = defineRoute({
  method: 'DELETE',
  path: '/api/settings/api-keys/{id}',
  operationId: 'revokeApiKey',
  tag: 'API keys',
  summary: 'Revoke an API key: requests made with it are refused at once (401)',
  auth: 'user',
  params: z.strictObject({ id: z.string().check(z.regex(USER_ID_PATTERN, 'Not a valid id')) }),
  response: empty,
  errors: ['API_KEY_NOT_FOUND'],
  example: { params: { id: 'kJ8vQ2xLmN4pR6sT' } },
});

export const listWebhookEndpoints = defineRoute({
  method: 'GET',
  path: '/api/settings/webhooks',
  operationId: 'listWebhookEndpoints',
  tag: 'Webhooks',
  summary: "The caller's webhook endpoints, oldest first",
  description: 'An account holds at most 10 endpoints, so one page holds them all: `nextCursor` is always null.',
  auth: 'user',
  response: json(page(WebhookEndpointViewSchema)),
});

export const createWebhookEndpoint = defineRoute({
  method: 'POST',
  path: '/api/settings/webhooks',
  operationId: 'createWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Register an https endpoint for the events it lists; it gets its own signing secret',
  description:
    'The URL must be https and resolve to a public address (private, loopback and link-local addresses are refused, again at each delivery). Deliveries are signed: `Toolmint-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with `Toolmint-Webhook-Timestamp` and `Toolmint-Webhook-Id`; failures are retried with backoff for 24 hours.',
  auth: 'verified',
  body: json(WebhookEndpointInputSchema),
  status: 201,
  response: json(WebhookEndpointViewSchema),
  errors: ['WEBHOOK_LIMIT_REACHED'],
  example: { body: { url: 'https://example.com/toolmint/webhooks', description: 'Order sync', events: ['sale.created', 'sale.refunded'] } },
});

export const updateWebhookEndpoint = defineRoute({
  method: 'PATCH',
  path: '/api/settings/webhooks/{id}',
  operationId: 'updateWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Change the URL, description or events of an endpoint (only the fields sent)',
  auth: 'verified',
  params: endpointParams,
  body: json(WebhookEndpointPatchSchema),
  response: json(WebhookEndpointViewSchema),
  errors: ['WEBHOOK_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID }, body: { events: ['sale.created'] } },
});

export const deleteWebhookEndpoint = defineRoute({
  method: 'DELETE',
  path: '/api/settings/webhooks/{id}',
  operationId: 'deleteWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Delete an endpoint and its pending deliveries',
  auth: 'user',
  params: endpointParams,
  response: empty,
  errors: ['WEBHOOK_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const rollWebhookSecret = defineRoute({
  method: 'POST',
  path: '/api/settings/webhooks/{id}/roll-secret',
  operationId: 'rollWebhookSecret',
  tag: 'Webhooks',
  summary: 'Replace the signing secret; the old one stops working at once',
  auth: 'user',
  params: endpointParams,
  response: json(WebhookEndpointViewSchema),
  errors: ['WEBHOOK_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const sendWebhookTest = defineRoute({
  method: 'POST',
  path: '/api/settings/webhooks/{id}/test',
  operationId: 'sendWebhookTest',
  tag: 'Webhooks',
  summary: 'Send a signed test ping now and answer with its delivery (one attempt, not retried)',
  auth: 'verified',
  params: endpointParams,
  response: json(WebhookDeliveryViewSchema),
  errors: ['WEBHOOK_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const listWebhookDeliveries = defineRoute({
  method: 'GET',
  path: '/api/settings/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'Webhooks',
  summary: "An endpoint's deliveries, newest first, with the last answer of each",
  auth: 'user',
  params: endpointParams,
  query: z.strictObject({ ...pageQuery(WEBHOOK_DELIVERIES_PAGE) }),
  response: json(page(WebhookDeliveryViewSchema)),
  errors: ['WEBHOOK_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID }, query: { limit: '20' } },
});

export const settingsRoutes = [
  listApiKeys,
  createApiKey,
  revokeApiKey,
  listWebhookEndpoints,
  createWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecret,
  sendWebhookTest,
  listWebhookDeliveries,
] as const;
