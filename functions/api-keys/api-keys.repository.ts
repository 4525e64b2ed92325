/**
 * The queries of API keys (docs/decisions/025) on the table of better-auth's API key plugin
 * (api_keys, db/migrations/*-api-keys). The plugin writes rows (creation, and the time of
 * each use when it verifies a key); the listing and the revocation are here. Every query is
 * scoped to the owner's id, so nobody lists or revokes another account's keys.
 */
import type { Db } from '@/db/database';

/** An account's keys, newest first; never the hashed key. */
export async function listKeysOf(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'start', 'permissions', 'created_at', 'last_request'])
    .where('reference_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countKeysOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('reference_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes one of the owner's keys; false when they have no key with that id. */
export async function deleteKeyOf(db: Db, userId: string, keyId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('id', '=', keyId).where('reference_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
