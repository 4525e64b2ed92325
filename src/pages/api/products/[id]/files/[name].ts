/**
 * GET /api/products/{id}/files/{name}: a private deliverable file, for a signed-in user who
 * downloaded the product. The only way a product's files are reachable.
 */
import { getDb } from '../../../../../../db/database';
import { contentTypeFor, getBlobStore } from '../../../../../../functions/_shared/blob-store';
import { handle } from '../../../../../../functions/_shared/http';
import { readDeliverable } from '../../../../../../functions/downloads/downloads.service';

export const GET = handle(async ({ params, locals }) => {
  const file = await readDeliverable(await getDb(), getBlobStore(), locals.user?.id, params.id ?? '', params.name ?? '');
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': contentTypeFor(file.name),
      'content-disposition': `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
});
