/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document (functions/api/openapi.ts), written at
 * build time as a static file: it changes only with the sources.
 */
import { buildOpenApi } from '@/functions/api/openapi';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/functions/_shared/env';
import { json } from '@/functions/_shared/http';
import { getOpenApi } from '@/src/shared/api/routes/system';

export const prerender = true;

// Cacheable: it changes only with a deploy.
export const GET = endpoint(getOpenApi, () => json(buildOpenApi(getEnv().SITE_URL), { headers: { 'cache-control': 'public, max-age=300' } }));
