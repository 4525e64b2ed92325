/**
 * GET /api/products/{id}/files/{name}: a private deliverable file, for a signed-in user who
 * downloaded the product. The only way a product's files are reachable.
 */
import { getDb } from '@/db/database';
import { contentTypeFor, getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { readDeliverable } from '@/functions/downloads/downloads.service';
import { getProductFile as route } from '@/src/shared/api/routes/products';

export const GET = endpoint(route, async ({ user, params }) => {
  // The name is only compared with the product's stored file names, never queried.
  const file = await readDeliverable(await getDb(), getBlobStore(), user?.id, params.id, params.name);
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': contentTypeFor(file.name),
      'content-disposition': `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
});
