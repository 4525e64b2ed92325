/**
 * Product questions (issue 16, docs/decisions/036): a product's listed question threads, newest
 * first, read through community_threads_product_idx (product_id, created_at desc, id desc);
 * whether the product's creator replied, through community_replies_thread_idx.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { after, timeKey, type TimeKeyset } from '@/functions/_shared/keyset.repository';

export interface ProductQuestionRow {
  id: string;
  title: string;
  space_id: string;
  author_id: string;
  full_name: string | null;
  handle: string | null;
  reply_count: number;
  vote_count: number;
  answered: boolean;
  creator_replied: boolean;
  created_at: Date | string;
  cursor_at: string;
}

export async function findPublishedProduct(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'creator_id', 'ai_tool_type', 'status'])
    .where('id', '=', productId)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function listProductQuestions(
  db: Db,
  product: { id: string; creator_id: string },
  options: { after?: TimeKeyset | null; limit: number; threadId?: string },
): Promise<ProductQuestionRow[]> {
  let query = db
    .selectFrom('community_threads as t')
    .innerJoin('profiles as p', 'p.id', 't.author_id')
    .select([
      't.id',
      't.title',
      't.space_id',
      't.author_id',
      'p.full_name',
      'p.handle',
      't.reply_count',
      't.vote_count',
      sql<boolean>`t.accepted_reply_id is not null`.as('answered'),
      sql<boolean>`exists (select 1 from community_replies r where r.thread_id = t.id and r.author_id = ${product.creator_id}
        and r.deleted_at is null and r.hidden_at is null)`.as('creator_replied'),
      't.created_at',
      timeKey('t.created_at').as('cursor_at'),
    ])
    .where('t.product_id', '=', product.id)
    .where('t.kind', '=', 'question')
    .where('t.deleted_at', 'is', null)
    .where('t.hidden_at', 'is', null);
  if (options.threadId) query = query.where('t.id', '=', options.threadId);
  if (options.after) query = query.where(after('t.created_at', 't.id', options.after));
  return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(options.limit).execute() as Promise<ProductQuestionRow[]>;
}

/** The space a product's question goes to: its AI tool's space, or Help. */
export async function questionSpaceFor(db: Db, toolId: string | null): Promise<string> {
  if (toolId) {
    const space = await db.selectFrom('community_spaces').select('id').where('tool_id', '=', toolId).executeTakeFirst();
    if (space) return space.id;
  }
  return 'help';
}
