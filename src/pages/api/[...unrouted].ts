/**
 * /api/* that no route file matches: the API's error shape (404 NOT_FOUND), never the HTML 404
 * page (issue 32). Astro ranks every other route file first, so only unknown addresses land here;
 * functions/api/route-methods.ts words the answer. Outside the API contract: it serves no route.
 */
import type { APIRoute } from 'astro';
import { unservedApiAnswer } from '@/functions/api/route-methods';

export const ALL: APIRoute = ({ request, url }) => unservedApiAnswer(request.method, url.pathname);
