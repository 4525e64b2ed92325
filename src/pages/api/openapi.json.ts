/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document (functions/api/openapi.ts). It changes
 * only with the sources, so it is built once per process and cached by browsers and the CDN.
 */
import { buildOpenApi, type OpenApiDocument } from '@/functions/api/openapi';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/env';
import { json } from '@/functions/_shared/http';
import { getOpenApi } from '@/src/shared/api/routes/system';

let document: OpenApiDocument | undefined;

export const GET = endpoint(getOpenApi, () => json((document ??= buildOpenApi(getEnv().SITE_URL)), { headers: { 'cache-control': 'public, max-age=300' } }));
