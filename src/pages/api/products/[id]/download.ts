/**
 * POST /api/products/{id}/download: the download service (spec section 7). Answers
 * { success, message, contentText, downloadUrl, fileUrls }.
 */
import { getDb } from '@/db/database';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { downloadProduct } from '@/functions/downloads/downloads.service';

export const POST = handle(async (context) => json(await downloadProduct(await getDb(), context.locals.user?.id, uuidParam(context, 'id'))));
