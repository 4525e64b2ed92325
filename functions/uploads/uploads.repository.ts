/**
 * Queries of the uploads domain: whether a stored file is still used by one of the user's
 * products (a file in use is never deleted by a remove; the product's own save releases it),
 * and the uploads table, one row per stored upload with its owner and size, which the storage
 * quota sums and the sweep reads (docs/decisions/011).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '@/db/database';
import type { BlobAccess, UploadKind } from '@/src/shared/domain';

export async function isUsedByOwnProducts(db: Db, userId: string, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('creator_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('image_url', '=', url),
        eb('featured_image_url', '=', url),
        eb(sql<boolean>`${url} = any(additional_images)`, '=', true),
        eb(sql<boolean>`${url} = any(file_urls)`, '=', true),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export interface UploadRow {
  userId: string;
  kind: UploadKind;
  pathname: string;
  url: string;
  access: BlobAccess;
  size: number;
}

/** Serializes one user's uploads while their quota is checked (the profile row is the lock). */
export async function lockStorageOf(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

/** Bytes the user's uploads take, leaving out one path (a file about to be replaced). */
export async function storageUsedBy(db: Db, userId: string, exceptPathname?: string): Promise<number> {
  let query = db
    .selectFrom('uploads')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('used'))
    .where('user_id', '=', userId);
  if (exceptPathname) query = query.where('pathname', '<>', exceptPathname);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.used);
}

/** A path written again (avatars, banners) keeps one row with the new size and time. */
export async function saveUploadRow(db: Db, row: UploadRow): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ user_id: row.userId, kind: row.kind, pathname: row.pathname, url: row.url, access: row.access, size_bytes: row.size })
    .onConflict((oc) => oc.column('pathname').doUpdateSet({ url: row.url, size_bytes: row.size, kind: row.kind, created_at: new Date() }))
    .execute();
}

export async function deleteUploadRow(db: Db, pathname: string): Promise<void> {
  await db.deleteFrom('uploads').where('pathname', '=', pathname).execute();
}

/** No product of the owner and not the owner's avatar or banner refers to the upload `u`. */
function unattached(): Expression<SqlBool> {
  return sql<SqlBool>`
    not exists (
      select 1 from products p
      where p.creator_id = u.user_id
        and (p.image_url = u.url or p.featured_image_url = u.url or u.url = any(p.additional_images) or u.url = any(p.file_urls))
    )
    and not exists (
      select 1 from profiles pr
      where pr.id = u.user_id
        and (split_part(pr.avatar_url, '?', 1) = u.url or split_part(pr.banner_image_url, '?', 1) = u.url)
    )`;
}

export async function findUnattachedUploads(db: Db, createdBefore: Date, limit: number) {
  return db
    .selectFrom('uploads as u')
    .select(['u.id', 'u.user_id', 'u.kind', 'u.pathname', 'u.url', 'u.access', 'u.size_bytes', 'u.created_at'])
    .where('u.created_at', '<', createdBefore)
    .where(unattached())
    .orderBy('u.created_at')
    .limit(limit)
    .execute();
}

/** Deletes the row only if it is still attached to nothing, in one statement; true when deleted. */
export async function deleteUploadRowIfUnattached(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('uploads as u').where('u.id', '=', id).where(unattached()).returning('u.id').executeTakeFirst();
  return Boolean(deleted);
}

export async function restoreUploadRow(db: Db, row: UploadRow & { createdAt: Date }): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ user_id: row.userId, kind: row.kind, pathname: row.pathname, url: row.url, access: row.access, size_bytes: row.size, created_at: row.createdAt })
    .onConflict((oc) => oc.column('pathname').doNothing())
    .execute();
}

/** An image upload of this user at this url (a tool's logo must be one of its submitter's own). */
export async function findOwnImageUpload(db: Db, userId: string, url: string) {
  return db.selectFrom('uploads').select('id').where('url', '=', url).where('user_id', '=', userId).where('kind', '=', 'image').executeTakeFirst();
}
