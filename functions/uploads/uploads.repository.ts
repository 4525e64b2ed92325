/**
 * The one query of the uploads domain: is a stored file still used by one of the user's
 * products? A file in use is never deleted by a remove; the product's own save releases it.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';

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
