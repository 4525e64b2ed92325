/**
 * /admin/jobs lists the emails kept as 'failed' newest first (docs/decisions/044). email_messages
 * holds a row per recipient of every fan-out, so that list reads a small partial index of the
 * failed rows instead of the table.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists email_messages_failed on email_messages (created_at desc, id desc) where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists email_messages_failed`.execute(db);
}
