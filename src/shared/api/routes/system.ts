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

export const systemRoutes = [getHealth, getOpenApi] as const;
