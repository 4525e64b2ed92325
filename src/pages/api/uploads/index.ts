/**
 * DELETE /api/uploads { url }: removes one of the caller's uploaded files (a file outside
 * their own folders is not found). A file one of their products still uses is kept until the
 * product is saved without it: { removed: false }.
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { removeUpload } from '@/functions/uploads/uploads.service';
import { removeUpload as route } from '@/src/shared/api/routes/uploads';

export const DELETE = endpoint(route, async ({ user, body }) => removeUpload(await getDb(), getBlobStore(), user.id, body.url));
