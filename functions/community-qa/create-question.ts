/**
 * Creating a product's question thread (docs/decisions/036). Temporary until the community's own
 * thread creation (functions/community) is merged: it then goes through it.
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import { assertCanPost } from '@/functions/community/post-guard';

export async function createQuestionThread(
  trx: Db,
  user: SessionUser,
  input: { spaceId: string; productId: string; title: string; body: string },
): Promise<string> {
  await assertCanPost(trx, user.id, { action: 'thread', text: input.body });
  const escaped = input.body.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const row = await trx
    .insertInto('community_threads')
    .values({ space_id: input.spaceId, author_id: user.id, kind: 'question', product_id: input.productId, title: input.title, body: input.body, body_html: `<p>${escaped}</p>` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
