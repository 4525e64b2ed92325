/**
 * POST /api/products/{id}/download: the download service (spec section 7). Answers
 * { success, message, contentText, downloadUrl, fileUrls }. The service itself refuses a
 * visitor, with the spec's 'Please log in to download this product'.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { downloadProduct as route } from '@/src/shared/api/routes/products';

export const POST = endpoint(route, async ({ user, params }) => downloadProduct(await getDb(), user?.id, params.id));
