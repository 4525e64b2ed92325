/**
 * Publishing that resists spam (issue 15, docs/decisions/031).
 * - products.status gains 'in_review' (a new creator's product waiting for an administrator)
 *   and 'rejected' (refused there, with a reason). Neither is public: every public read keeps
 *   `status = 'published'`.
 * - products.submitted_at: when it last entered the queue (the queue is oldest first);
 *   products.review_note: the administrator's reason for a rejection (up to 1000 characters).
 * - products_review_queue_idx: the admin queue, a partial index holding only waiting rows.
 * The near-duplicate title check compares a creator's own titles (pg_trgm similarity) and
 * uses products_creator_created_idx to find them; no index of its own.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      drop constraint products_status_check,
      add constraint products_status_check check (status in ('draft', 'in_review', 'rejected', 'published', 'archived')),
      add column submitted_at timestamptz,
      add column review_note text check (char_length(review_note) <= 1000)
  `.execute(db);
  await sql`create index products_review_queue_idx on products (submitted_at, id) where status = 'in_review'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_review_queue_idx`.execute(db);
  await sql`update products set status = 'draft' where status in ('in_review', 'rejected')`.execute(db);
  await sql`
    alter table products
      drop column review_note,
      drop column submitted_at,
      drop constraint products_status_check,
      add constraint products_status_check check (status in ('draft', 'published', 'archived'))
  `.execute(db);
}
