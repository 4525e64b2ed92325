/**
 * DELETE /api/uploads { url }: removes one of the caller's uploaded files (a file outside
 * their own folders is not found). A file one of their products still uses is kept until the
 * product is saved without it: { removed: false }.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { removeUpload } from '@/functions/uploads/uploads.service';

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await removeUpload(await getDb(), getBlobStore(), user.id, body));
});
