/**
 * GET /api/uploads/usage: the signed-in user's storage, { usedBytes, quotaBytes }: every file
 * they uploaded (images, deliverables, avatar, banner) against their quota (2 GB by default).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { getStorageUsage } from '@/functions/uploads/uploads.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getStorageUsage(await getDb(), user.id));
});
