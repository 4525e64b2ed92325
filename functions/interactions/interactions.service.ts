/**
 * Product views (spec sections 3 and 7): one product_interactions row (user id empty for
 * visitors, the browser's session id, the context) and an atomic views_count increment,
 * in one transaction, for published products only.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { isUuid } from '../../src/shared/ids';
import { safeText } from '../../src/shared/text';
import type { Db } from '../../db/database';
import { AppError } from '../_shared/errors';

export const ViewSchema = z.object({
  sessionId: safeText().trim().min(1).max(100).optional(),
  type: z.enum(['view', 'preview']).default('view'),
});

export async function recordView(
  db: Db,
  input: { productId: string; userId: string | null; sessionId?: string | undefined; type: 'view' | 'preview'; userAgent: string | null },
): Promise<void> {
  if (!isUuid(input.productId)) throw new AppError('PRODUCT_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('products')
      .set({ views_count: sql`views_count + 1` })
      .where('id', '=', input.productId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError('PRODUCT_NOT_FOUND');
    await trx.insertInto('product_interactions').values({
      product_id: input.productId,
      user_id: input.userId,
      interaction_type: input.type,
      session_id: input.sessionId ?? null,
      interaction_context: JSON.stringify({ timestamp: new Date().toISOString(), userAgent: input.userAgent?.slice(0, 300) ?? null }),
    }).execute();
  });
}
