/** Routes about the service itself. */
import * as z from 'zod/mini';
import { defineRoute, json } from '../contract';

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

export const runSweep = defineRoute({
  method: 'GET',
  path: '/api/cron/sweep',
  operationId: 'runSweep',
  tag: 'System',
  summary: 'Run the periodic sweep (Vercel Cron)',
  description:
    'Deletes uploads attached to nothing for 24 hours prunes ended rate-limit windows and old view-count days, and sends the creator webhook deliveries that are due. Only Vercel Cron may call it, with `Authorization: Bearer $CRON_SECRET`; that bearer is the cron secret, never an API key (the middleware resolves no session or key on this path).',
  auth: 'secret',
  response: json(
    z.object({
      uploadsDeleted: z.int(),
      bytesFreed: z.int(),
      counterWindowsDeleted: z.int(),
      viewDaysDeleted: z.int(),
      /** Creator webhook deliveries that were due (docs/decisions/027). */
      webhooks: z.object({ attempted: z.int(), delivered: z.int(), retrying: z.int(), failed: z.int() }),
    }),
  ),
  errors: ['UNAUTHENTICATED'],
});

export const systemRoutes = [getHealth, runSweep] as const;
