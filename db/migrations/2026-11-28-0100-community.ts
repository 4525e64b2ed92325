/**
 * The community (issue 16, docs/decisions/035).
 * - community_spaces: a space per AI tool (kind 'tool', tool_id, slug = the tool's id, or
 *   'tool-{id}' if a general space took that slug) and the general spaces (kind 'general').
 *   A tool's space follows its ai_tools row: this migration creates one for every existing
 *   row, the trigger ai_tools_community_space creates one for every new row (the seed, the
 *   tests and an administrator adding a tool all insert into ai_tools) and renames it with the
 *   tool; deleting a tool deletes its space and its threads (on delete cascade).
 * - community_threads: title 5-150, body 1-20,000 (the Markdown source) and body_html (its
 *   sanitized render, written by the server at write time); kind 'discussion' or 'question';
 *   product_id (a question on a product, Q&A), linked_tool_ids / linked_product_ids, tags;
 *   accepted_reply_id (Q&A); vote_count, reply_count, last_activity_at and hot_score
 *   (src/shared/community.ts hotScore), changed only in the statement that writes the vote or
 *   reply row, so concurrent writes all count; edited_at, deleted_at (soft delete), locked_at
 *   and hidden_at (moderation). search_vector (title A, tags B, body C) is kept by a trigger
 *   that also feeds community_search_words, the trigram vocabulary of typo correction
 *   (the marketplace's approach, docs/decisions/016), kept apart from search_words so
 *   the marketplace never suggests a forum word.
 *   The lists' orders have partial indexes over listed threads (not deleted, not hidden),
 *   globally and per space.
 * - community_replies: one level of nesting (parent_reply_id is a top-level reply; the
 *   service enforces it); quoted_reply_id is the reply a reply to a nested reply quotes.
 * - community_votes: one up-vote per user and thread or reply (target_kind with thread_id or
 *   reply_id, each with its foreign key, unique per user).
 * - community_thread_follows: who follows a thread (its replies notify them).
 * - user_notifications gains the kinds community_reply, community_mention,
 *   community_answer_accepted and community_product_question, with community_thread_id
 *   (always), community_reply_id (the reply concerned, when there is one) and actor_id (who
 *   did it); the checks widen and one notice per user, kind, thread and reply is unique.
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
    create table community_spaces (
      id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
      name text not null check (char_length(name) between 1 and 100),
      description text not null default '' check (char_length(description) <= 500),
      kind text not null check (kind in ('tool', 'general')),
      tool_id text unique references ai_tools (id) on delete cascade,
      sort_order integer not null default 0,
      thread_count integer not null default 0 check (thread_count >= 0),
      created_at timestamptz not null default now(),
      check ((kind = 'tool') = (tool_id is not null))
    )
    --;
    create index community_spaces_order_idx on community_spaces (sort_order, name)
    --;
    insert into community_spaces (id, name, description, kind, sort_order) values
      ('show-and-tell', 'Show and tell', 'Share what you built with AI tools and products from the marketplace.', 'general', 0),
      ('help', 'Help', 'Stuck? Ask the community for a hand.', 'general', 1),
      ('prompt-engineering', 'Prompt engineering', 'Prompts, techniques and what works for which model.', 'general', 2),
      ('automation', 'Automation', 'Workflows, agents and glue between tools.', 'general', 3),
      ('marketplace-feedback', 'Marketplace feedback', 'Ideas and problems with toolmint itself.', 'general', 4)
    --;
    create or replace function toolmint_tool_space_slug(p_tool_id text) returns text language sql stable as $$
      select case
        when lower(p_tool_id) ~ '^[a-z0-9][a-z0-9-]{0,58}$'
          and not exists (select 1 from community_spaces s where s.id = lower(p_tool_id) and s.tool_id is distinct from p_tool_id)
          then lower(p_tool_id)
        else 'tool-' || substr(md5(p_tool_id), 1, 12)
      end
    $$
    --;
    insert into community_spaces (id, name, description, kind, tool_id, sort_order)
      select toolmint_tool_space_slug(t.id), t.name, 'Discussions about ' || t.name || '.', 'tool', t.id, 100
      from ai_tools t
    --;
    create or replace function toolmint_ai_tools_space_trigger() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into community_spaces (id, name, description, kind, tool_id, sort_order)
          values (toolmint_tool_space_slug(new.id), new.name, 'Discussions about ' || new.name || '.', 'tool', new.id, 100)
          on conflict (tool_id) do nothing;
      elsif new.name is distinct from old.name then
        update community_spaces set name = new.name, description = 'Discussions about ' || new.name || '.' where tool_id = new.id;
      end if;
      return new;
    end
    $$
    --;
    create trigger ai_tools_community_space after insert or update of name on ai_tools
      for each row execute function toolmint_ai_tools_space_trigger()
    --;
    create table community_threads (
      id uuid primary key default gen_random_uuid(),
      space_id text not null references community_spaces (id) on delete cascade,
      author_id text not null references profiles (id) on delete cascade,
      kind text not null default 'discussion' check (kind in ('discussion', 'question')),
      title text not null check (char_length(title) between 5 and 150),
      body text not null check (char_length(body) between 1 and 20000),
      body_html text not null,
      product_id uuid references products (id) on delete set null,
      linked_tool_ids text[] not null default '{}' check (cardinality(linked_tool_ids) <= 5),
      linked_product_ids uuid[] not null default '{}' check (cardinality(linked_product_ids) <= 5),
      tags text[] not null default '{}' check (cardinality(tags) <= 5),
      accepted_reply_id uuid,
      vote_count integer not null default 0 check (vote_count >= 0),
      reply_count integer not null default 0 check (reply_count >= 0),
      hot_score double precision not null default 0,
      last_activity_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      locked_at timestamptz,
      hidden_at timestamptz,
      search_vector tsvector not null default ''::tsvector
    )
    --;
    create index community_threads_hot_idx on community_threads (hot_score desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_new_idx on community_threads (created_at desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_top_idx on community_threads (vote_count desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_unanswered_idx on community_threads (created_at desc, id desc)
      where deleted_at is null and hidden_at is null and (reply_count = 0 or (kind = 'question' and accepted_reply_id is null))
    --;
    create index community_threads_space_hot_idx on community_threads (space_id, hot_score desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_space_new_idx on community_threads (space_id, created_at desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_space_top_idx on community_threads (space_id, vote_count desc, id desc) where deleted_at is null and hidden_at is null
    --;
    create index community_threads_tags_idx on community_threads using gin (tags)
    --;
    create index community_threads_search_idx on community_threads using gin (search_vector) with (fastupdate = off)
    --;
    create index community_threads_product_idx on community_threads (product_id, created_at desc, id desc) where product_id is not null
    --;
    create index community_threads_author_idx on community_threads (author_id, created_at desc, id desc)
    --;
    create table community_search_words (word text primary key)
    --;
    create index community_search_words_trgm_idx on community_search_words using gist (word gist_trgm_ops)
    --;
    create or replace function toolmint_community_threads_search_trigger() returns trigger language plpgsql as $$
    begin
      new.search_vector :=
        setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(array_to_string(new.tags, ' '), '')), 'B') ||
        setweight(to_tsvector('english', coalesce(new.body, '')), 'C');
      insert into community_search_words (word)
        select distinct w from regexp_split_to_table(lower(
          coalesce(new.title, '') || ' ' || coalesce(array_to_string(new.tags, ' '), '')
        ), '[^a-z0-9]+') as w
        where length(w) >= 3 and w !~ '^[0-9]+$'
      on conflict do nothing;
      return new;
    end
    $$
    --;
    create trigger community_threads_search_before_write before insert or update of title, tags, body
      on community_threads for each row execute function toolmint_community_threads_search_trigger()
    --;
    create table community_replies (
      id uuid primary key default gen_random_uuid(),
      thread_id uuid not null references community_threads (id) on delete cascade,
      author_id text not null references profiles (id) on delete cascade,
      parent_reply_id uuid references community_replies (id) on delete set null,
      quoted_reply_id uuid references community_replies (id) on delete set null,
      body text not null check (char_length(body) between 1 and 20000),
      body_html text not null,
      vote_count integer not null default 0 check (vote_count >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      hidden_at timestamptz
    )
    --;
    create index community_replies_thread_idx on community_replies (thread_id, created_at, id)
    --;
    create index community_replies_author_idx on community_replies (author_id, created_at desc, id desc)
    --;
    create index community_replies_parent_idx on community_replies (parent_reply_id) where parent_reply_id is not null
    --;
    create index community_replies_quoted_idx on community_replies (quoted_reply_id) where quoted_reply_id is not null
    --;
    alter table community_threads add constraint community_threads_accepted_reply_fkey
      foreign key (accepted_reply_id) references community_replies (id) on delete set null
    --;
    create index community_threads_accepted_idx on community_threads (accepted_reply_id) where accepted_reply_id is not null
    --;
    create table community_votes (
      user_id text not null references profiles (id) on delete cascade,
      target_kind text not null check (target_kind in ('thread', 'reply')),
      thread_id uuid references community_threads (id) on delete cascade,
      reply_id uuid references community_replies (id) on delete cascade,
      created_at timestamptz not null default now(),
      check ((target_kind = 'thread' and thread_id is not null and reply_id is null) or (target_kind = 'reply' and reply_id is not null and thread_id is null))
    )
    --;
    create unique index community_votes_thread_key on community_votes (thread_id, user_id) where thread_id is not null
    --;
    create unique index community_votes_reply_key on community_votes (reply_id, user_id) where reply_id is not null
    --;
    create index community_votes_user_idx on community_votes (user_id, created_at desc)
    --;
    create table community_thread_follows (
      thread_id uuid not null references community_threads (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (thread_id, user_id)
    )
    --;
    create index community_thread_follows_user_idx on community_thread_follows (user_id, created_at desc)
    --;
    alter table user_notifications
      drop constraint user_notifications_kind_reference,
      drop constraint user_notifications_kind_check,
      add column community_thread_id uuid references community_threads (id) on delete cascade,
      add column community_reply_id uuid references community_replies (id) on delete cascade,
      add column actor_id text references profiles (id) on delete cascade
    --;
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in (
        'tool_update', 'sale', 'refund', 'product_version',
        'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question'
      )),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and reason is not null and community_thread_id is null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and reason is null and community_thread_id is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and reason is null and community_thread_id is null)
        or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
          and update_id is null and order_id is null and product_version_id is null and reason is null)
        or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null
          and update_id is null and order_id is null and product_version_id is null and reason is null)
      ),
      add constraint user_notifications_community_reply_check check (community_reply_id is null or community_thread_id is not null)
    --;
    create unique index user_notifications_community_key on user_notifications
      (user_id, kind, community_thread_id, coalesce(community_reply_id, '00000000-0000-0000-0000-000000000000'::uuid))
      where community_thread_id is not null
    --;
    create index user_notifications_community_thread_idx on user_notifications (community_thread_id) where community_thread_id is not null
    --;
    create index user_notifications_community_reply_idx on user_notifications (community_reply_id) where community_reply_id is not null
    --;
    create index user_notifications_actor_idx on user_notifications (actor_id) where actor_id is not null
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runBlock(
    db,
    `
    delete from user_notifications where community_thread_id is not null
    --;
    drop index if exists user_notifications_community_key
    --;
    alter table user_notifications
      drop constraint user_notifications_community_reply_check,
      drop constraint user_notifications_kind_reference,
      drop constraint user_notifications_kind_check,
      drop column actor_id,
      drop column community_reply_id,
      drop column community_thread_id
    --;
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and reason is null)
      )
    --;
    drop table if exists community_thread_follows
    --;
    drop table if exists community_votes
    --;
    alter table community_threads drop constraint if exists community_threads_accepted_reply_fkey
    --;
    drop table if exists community_replies
    --;
    drop table if exists community_threads
    --;
    drop function if exists toolmint_community_threads_search_trigger()
    --;
    drop table if exists community_search_words
    --;
    drop trigger if exists ai_tools_community_space on ai_tools
    --;
    drop function if exists toolmint_ai_tools_space_trigger()
    --;
    drop table if exists community_spaces
    --;
    drop function if exists toolmint_tool_space_slug(text)
    `,
  );
}
