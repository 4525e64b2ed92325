/**
 * Follows, tool updates and notifications, seller reviews: indexes for their queries.
 * - Security notices reach buyers who downloaded a product built on a tool, whatever the
 *   product's status now (an archived template is still in use), so products are looked up by
 *   ai_tool_type without the published-only condition of the catalogue's index.
 * - A user's follows of people are read by follower (the primary key) and by following
 *   (follows_following_idx); the people a user follows, newest first, for their profile.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index products_ai_tool_type_idx on products (ai_tool_type) where ai_tool_type is not null`.execute(db);
  await sql`create index follows_follower_created_idx on follows (follower_id, created_at desc)`.execute(db);
  await sql`create index ai_tool_follows_user_created_idx on ai_tool_follows (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ai_tool_follows_user_created_idx`.execute(db);
  await sql`drop index if exists follows_follower_created_idx`.execute(db);
  await sql`drop index if exists products_ai_tool_type_idx`.execute(db);
}
