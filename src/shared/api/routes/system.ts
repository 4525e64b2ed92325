/** Routes about the service itself. */
import * as z from 'zod/mini';
import { defineRoute, json } from '../contract';
import { DeliveryRunSchema } from '../schemas/settings';
import { FeedRunSchema } from '../../tool-feeds';

export const getHealth = defineRoute({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  tag: 'System',
  summary: 'Whether the server and its database answer',
  description: 'Answers from `select 1`: cheap under load. Used by uptime checks.',
  auth: 'public',
  response: json(z.object({ status: z.literal('ok'), driver: z.enum(['pglite', 'neon']) })),
});

export const getOpenApi = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  operationId: 'getOpenApi',
  tag: 'System',
  summary: 'This API described as OpenAPI 3.1',
  description: 'Generated from the route declarations; the readable reference is /developers.',
  auth: 'public',
  response: json(z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })),
});

export const runSweep = defineRoute({
  method: 'GET',
  path: '/api/cron/sweep',
  operationId: 'runSweep',
  tag: 'System',
  summary: 'Run the periodic sweep (Vercel Cron)',
  description:
    'Deletes uploads attached to nothing for 24 hours, prunes ended rate-limit windows and old view-count days, and sends the creator webhook deliveries that are due. Only Vercel Cron may call it, with `Authorization: Bearer $CRON_SECRET`; that bearer is the cron secret, never an API key (the middleware resolves no session or key on this path).',
  auth: 'secret',
  response: json(
    z.object({
      uploadsDeleted: z.int(),
      bytesFreed: z.int(),
      counterWindowsDeleted: z.int(),
      viewDaysDeleted: z.int(),
      /** Creator webhook deliveries that were due (docs/decisions/027). */
      webhooks: DeliveryRunSchema,
    }),
  ),
  errors: ['UNAUTHENTICATED'],
});

export const deliverWebhooks = defineRoute({
  method: 'GET',
  path: '/api/cron/webhooks',
  operationId: 'deliverWebhooks',
  tag: 'System',
  summary: 'Send the creator webhook deliveries that are due (Vercel Cron)',
  description:
    'Only Vercel Cron may call it, with `Authorization: Bearer $CRON_SECRET`. The daily sweep sends them too; a Pro plan can run this one every minute (docs/decisions/027).',
  auth: 'secret',
  response: json(DeliveryRunSchema),
  errors: ['UNAUTHENTICATED'],
});

export const runFeedFetches = defineRoute({
  method: 'GET',
  path: '/api/cron/feeds',
  operationId: 'runFeedFetches',
  tag: 'System',
  summary: 'Fetch the changelog sources that are due (Vercel Cron)',
  description:
    'Only a scheduler may call it, with `Authorization: Bearer $CRON_SECRET`. Claims at most 10 due sources per call and posts their new entries once, however many calls overlap (docs/decisions/039).',
  auth: 'secret',
  response: json(FeedRunSchema),
  errors: ['UNAUTHENTICATED'],
});

export const systemRoutes = [getHealth, getOpenApi, runSweep, deliverWebhooks, runFeedFetches] as const;
