/**
 * When the figures a stored catalogue page shows last changed without a content change
 * (docs/decisions/064): a product's views and downloads, a creator's followers and seller
 * rating, a tool's followers. Set by triggers, so every statement that moves a figure (a
 * counted view, a first download, a follow, a seller review, an account removed) stamps it
 * with no change to the code that moves it; the periodic job 'pages.figures' reads the rows
 * stamped since its last pass through the partial indexes and renders those pages again.
 * clock_timestamp(), not now(): the time of the statement, close to its commit, so a pass that
 * reads a little behind the present misses no change of a long transaction's start.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column figures_changed_at timestamptz`.execute(db);
  await sql`alter table profiles add column figures_changed_at timestamptz`.execute(db);
  await sql`alter table ai_tools add column figures_changed_at timestamptz`.execute(db);
  await sql`create index products_figures_changed_idx on products (figures_changed_at) where figures_changed_at is not null`.execute(db);
  await sql`create index profiles_figures_changed_idx on profiles (figures_changed_at) where figures_changed_at is not null`.execute(db);
  await sql`create index ai_tools_figures_changed_idx on ai_tools (figures_changed_at) where figures_changed_at is not null`.execute(db);
  await sql`
    create function stamp_figures_changed() returns trigger language plpgsql as $$
    begin
      new.figures_changed_at := clock_timestamp();
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger products_figures_changed before update of views_count, downloads_count on products for each row
    when (old.views_count is distinct from new.views_count or old.downloads_count is distinct from new.downloads_count)
    execute function stamp_figures_changed()
  `.execute(db);
  await sql`
    create trigger profiles_figures_changed before update of follower_count, average_rating on profiles for each row
    when (old.follower_count is distinct from new.follower_count or old.average_rating is distinct from new.average_rating)
    execute function stamp_figures_changed()
  `.execute(db);
  await sql`
    create function stamp_tool_figures_changed() returns trigger language plpgsql as $$
    begin
      update ai_tools set figures_changed_at = clock_timestamp() where id = coalesce(new.tool_id, old.tool_id);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger ai_tool_follows_figures_changed after insert or delete on ai_tool_follows for each row
    execute function stamp_tool_figures_changed()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists ai_tool_follows_figures_changed on ai_tool_follows`.execute(db);
  await sql`drop trigger if exists profiles_figures_changed on profiles`.execute(db);
  await sql`drop trigger if exists products_figures_changed on products`.execute(db);
  await sql`drop function if exists stamp_tool_figures_changed()`.execute(db);
  await sql`drop function if exists stamp_figures_changed()`.execute(db);
  await sql`alter table ai_tools drop column figures_changed_at`.execute(db);
  await sql`alter table profiles drop column figures_changed_at`.execute(db);
  await sql`alter table products drop column figures_changed_at`.execute(db);
}
