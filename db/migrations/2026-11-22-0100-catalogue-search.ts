/**
 * Catalogue search and the catalogue's own tables.
 * - products.search_vector: weighted full text of title, tags, short description,
 *   description and the creator's name, kept by triggers (a generated column cannot read
 *   the creator's profile), GIN-indexed.
 * - search_words: the vocabulary of titles, tags and creator names, trigram-indexed, to
 *   correct typos ('chatbto' -> 'chatbot') before the full-text match; the approach the
 *   PostgreSQL pg_trgm documentation recommends for spelling suggestions.
 * - keyset-friendly partial indexes for each marketplace sort.
 * - rebuild_requests: content rebuilds requested by publishing changes, coalesced.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

/** PGlite runs one statement per query; statements in a block are separated by a '--;' line. */
async function runBlock(db: Kysely<unknown>, block: string): Promise<void> {
  for (const statement of block
    .split(/^\s*--;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runBlock(
    db,
    `
    alter table products add column search_vector tsvector not null default ''::tsvector
    --;
    create index products_search_idx on products using gin (search_vector)
    --;
    create table search_words (word text primary key)
    --;
    create index search_words_trgm_idx on search_words using gist (word gist_trgm_ops)
    --;
    create or replace function toolmint_product_search_vector(p products) returns tsvector language sql stable as $$
      select
        setweight(to_tsvector('english', coalesce(p.title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(array_to_string(p.tags, ' '), '')), 'B') ||
        setweight(to_tsvector('english', coalesce((select full_name from profiles where id = p.creator_id), '')), 'B') ||
        setweight(to_tsvector('english', coalesce(p.short_description, '')), 'C') ||
        setweight(to_tsvector('english', coalesce(p.description, '')), 'D')
    $$
    --;
    create or replace function toolmint_products_search_trigger() returns trigger language plpgsql as $$
    begin
      new.search_vector := toolmint_product_search_vector(new);
      insert into search_words (word)
        select distinct w from regexp_split_to_table(lower(
          coalesce(new.title, '') || ' ' || coalesce(array_to_string(new.tags, ' '), '') || ' ' ||
          coalesce((select full_name from profiles where id = new.creator_id), '')
        ), '[^a-z0-9]+') as w
        -- Words of 3+ letters; bare numbers (versions, ids) are no help for spelling.
        where length(w) >= 3 and w !~ '^[0-9]+$'
      on conflict do nothing;
      return new;
    end
    $$
    --;
    create trigger products_search_before_write before insert or update of title, tags, short_description, description, creator_id
      on products for each row execute function toolmint_products_search_trigger()
    --;
    create or replace function toolmint_profiles_name_trigger() returns trigger language plpgsql as $$
    begin
      update products set search_vector = toolmint_product_search_vector(products) where creator_id = new.id;
      return new;
    end
    $$
    --;
    create trigger profiles_name_after_update after update of full_name on profiles
      for each row when (old.full_name is distinct from new.full_name) execute function toolmint_profiles_name_trigger()
    --;
    update products set title = title
    --;
    create index products_published_downloads_idx on products (downloads_count desc, id desc) where status = 'published'
    --;
    create index products_published_rating_idx on products (rating desc, id desc) where status = 'published'
    --;
    create index products_published_price_idx on products (price, id) where status = 'published'
    --;
    create table rebuild_requests (
      id bigint generated always as identity primary key,
      reason text not null,
      product_id uuid,
      requested_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      error text
    )
    --;
    create index rebuild_requests_pending_idx on rebuild_requests (requested_at) where started_at is null
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runBlock(
    db,
    `
    drop table if exists rebuild_requests
    --;
    drop trigger if exists profiles_name_after_update on profiles
    --;
    drop trigger if exists products_search_before_write on products
    --;
    drop function if exists toolmint_profiles_name_trigger()
    --;
    drop function if exists toolmint_products_search_trigger()
    --;
    drop function if exists toolmint_product_search_vector(products)
    --;
    drop table if exists search_words
    --;
    drop index if exists products_published_downloads_idx
    --;
    drop index if exists products_published_rating_idx
    --;
    drop index if exists products_published_price_idx
    --;
    alter table products drop column if exists search_vector
  `,
  );
}
