/**
 * GET /api/products/{id}/versions: a published product's released versions with their notes,
 * newest first (docs/decisions/030). functions/versions/versions.service.ts.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listVersions } from '@/functions/versions/versions.service';
import { listProductVersions as route } from '@/src/shared/api/routes/products';

export const GET = endpoint(route, async ({ params, query }) => listVersions(await getDb(), params.id, query));
