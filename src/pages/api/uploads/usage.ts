/**
 * GET /api/uploads/usage: the signed-in user's storage, { usedBytes, quotaBytes }: every file
 * they uploaded (images, deliverables, avatar, banner) against their quota (2 GB by default).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getStorageUsage } from '@/functions/uploads/uploads.service';
import { getStorageUsage as route } from '@/src/shared/api/routes/uploads';

export const GET = endpoint(route, async ({ user }) => getStorageUsage(await getDb(), user.id));
