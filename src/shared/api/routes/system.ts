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

export const systemRoutes = [getHealth] as const;
