/**
 * The initial schema: better-auth's tables, then every entity of spec section 3.
 * Frozen in time: never edit after it has landed, never import application code.
 */
import { sql, type Kysely } from 'kysely';

/** PGlite runs one statement per query, so a block is split on statement ends. */
async function runBlock(db: Kysely<unknown>, block: string): Promise<void> {
  for (const statement of block
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // better-auth (generated with getMigrations from functions/auth/auth-tables.ts).
  await runBlock(
    db,
    `
    create table users (
      id text primary key,
      name text not null,
      email text not null unique,
      email_verified boolean not null default false,
      image text,
      full_name text,
      user_type text not null default 'buyer' check (user_type in ('creator', 'buyer', 'community')),
      company text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table sessions (
      id text primary key,
      expires_at timestamptz not null,
      token text not null unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null,
      ip_address text,
      user_agent text,
      user_id text not null references users (id) on delete cascade
    );
    create index sessions_user_id_idx on sessions (user_id);
    create table accounts (
      id text primary key,
      account_id text not null,
      provider_id text not null,
      user_id text not null references users (id) on delete cascade,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null
    );
    create index accounts_user_id_idx on accounts (user_id);
    create table verifications (
      id text primary key,
      identifier text not null,
      value text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index verifications_identifier_idx on verifications (identifier);
    create table rate_limits (
      id text primary key,
      key text not null unique,
      count integer not null,
      last_request bigint not null
    );
  `,
  );

  await runBlock(
    db,
    `
    create table profiles (
      id text primary key references users (id) on delete cascade,
      full_name text,
      user_type text not null default 'buyer' check (user_type in ('creator', 'buyer', 'community')),
      role text not null default 'user' check (role in ('user', 'admin')),
      company text,
      bio text,
      interests text[] not null default '{}',
      avatar_url text,
      banner_image_url text,
      social_links jsonb not null default '{}'::jsonb,
      specialties text[] not null default '{}',
      location text,
      website text,
      verified boolean not null default false,
      follower_count integer not null default 0 check (follower_count >= 0),
      following_count integer not null default 0 check (following_count >= 0),
      total_sales integer not null default 0 check (total_sales >= 0),
      total_earnings numeric(12, 2) not null default 0 check (total_earnings >= 0),
      average_rating numeric(3, 2) not null default 0 check (average_rating between 0 and 5),
      review_count integer not null default 0 check (review_count >= 0),
      onboarding_status text not null default 'pending' check (onboarding_status in ('pending', 'completed', 'skipped')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table categories (
      id text primary key check (id in ('content', 'design', 'audio', 'business', 'video', 'tech')),
      name text not null unique,
      description text not null,
      created_at timestamptz not null default now()
    );

    -- The built-in AI tools: their descriptive content is static (src/shared/ai-tools.ts),
    -- this row holds what changes (the claim) and anchors follows and updates.
    create table ai_tools (
      id text primary key,
      name text not null,
      claimed_by text references profiles (id) on delete set null,
      maintainer_name text,
      created_at timestamptz not null default now()
    );

    create table products (
      id uuid primary key default gen_random_uuid(),
      creator_id text not null references profiles (id) on delete cascade,
      title text not null check (length(title) between 1 and 200),
      description text,
      short_description text,
      price numeric(10, 2) not null default 0 check (price >= 0),
      category_id text references categories (id),
      status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
      tags text[] not null default '{}',
      demo_url text,
      download_url text,
      image_url text,
      featured_image_url text,
      additional_images text[] not null default '{}',
      video_demo_url text,
      downloads_count integer not null default 0 check (downloads_count >= 0),
      views_count integer not null default 0 check (views_count >= 0),
      rating numeric(3, 2) not null default 0 check (rating between 0 and 5),
      ai_tool_type text,
      content_type text,
      pricing_model text not null default 'one_time' check (pricing_model in ('free', 'one_time', 'subscription', 'freemium')),
      technical_level text not null default 'beginner' check (technical_level in ('beginner', 'intermediate', 'advanced')),
      deployment_type text not null default 'ready_to_use' check (deployment_type in ('ready_to_use', 'minimal_setup', 'technical_setup')),
      capability_vector jsonb,
      compatibility_tags text[] not null default '{}',
      use_cases text[] not null default '{}',
      required_skills text[] not null default '{}',
      output_types text[] not null default '{}',
      integration_complexity integer not null default 1 check (integration_complexity between 1 and 5),
      success_rate integer not null default 85 check (success_rate between 0 and 100),
      avg_setup_time integer not null default 5 check (avg_setup_time >= 0),
      community_score numeric(6, 2) not null default 0,
      content_delivery_type text not null default 'file' check (content_delivery_type in ('file', 'link', 'text', 'multiple')),
      content_text text,
      file_urls text[] not null default '{}',
      download_instructions text,
      access_requirements jsonb not null default '{}'::jsonb,
      demo_links jsonb not null default '[]'::jsonb,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    -- Section 7: products by creator newest first.
    create index products_creator_created_idx on products (creator_id, created_at desc);
    -- Section 7: the marketplace, published newest first.
    create index products_published_created_idx on products (created_at desc, id desc) where status = 'published';
    -- Section 7: published products by creator ordered by created_at, downloads_count or rating.
    create index products_published_creator_downloads_idx on products (creator_id, downloads_count desc) where status = 'published';
    create index products_published_creator_rating_idx on products (creator_id, rating desc) where status = 'published';
    create index products_published_tool_idx on products (ai_tool_type) where status = 'published';
    create index products_published_category_idx on products (category_id) where status = 'published';

    create table downloads (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references profiles (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      download_type text not null check (download_type in ('free', 'paid')),
      amount numeric(10, 2) not null default 0 check (amount >= 0),
      content_accessed text,
      created_at timestamptz not null default now()
    );
    create index downloads_user_created_idx on downloads (user_id, created_at desc);
    create index downloads_product_created_idx on downloads (product_id, created_at desc);

    create table favorites (
      user_id text not null references profiles (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, product_id)
    );
    create index favorites_user_created_idx on favorites (user_id, created_at desc);

    create table seller_reviews (
      id uuid primary key default gen_random_uuid(),
      seller_id text not null references profiles (id) on delete cascade,
      reviewer_id text not null references profiles (id) on delete cascade,
      rating integer not null check (rating between 1 and 5),
      review_text text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (seller_id, reviewer_id),
      check (seller_id <> reviewer_id)
    );
    create index seller_reviews_seller_created_idx on seller_reviews (seller_id, created_at desc);

    create table seller_badges (
      id uuid primary key default gen_random_uuid(),
      seller_id text not null references profiles (id) on delete cascade,
      badge text not null,
      earned_at timestamptz not null default now(),
      unique (seller_id, badge)
    );
    create index seller_badges_seller_earned_idx on seller_badges (seller_id, earned_at desc);

    create table seller_analytics (
      seller_id text not null references profiles (id) on delete cascade,
      date date not null,
      views integer not null default 0 check (views >= 0),
      downloads integer not null default 0 check (downloads >= 0),
      sales integer not null default 0 check (sales >= 0),
      revenue numeric(12, 2) not null default 0 check (revenue >= 0),
      primary key (seller_id, date)
    );

    create table follows (
      follower_id text not null references profiles (id) on delete cascade,
      following_id text not null references profiles (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (follower_id, following_id),
      check (follower_id <> following_id)
    );
    create index follows_following_idx on follows (following_id, created_at desc);

    create table product_interactions (
      id uuid primary key default gen_random_uuid(),
      user_id text references profiles (id) on delete set null,
      product_id uuid not null references products (id) on delete cascade,
      interaction_type text not null check (interaction_type in ('view', 'preview')),
      session_id text,
      interaction_context jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    create index product_interactions_product_created_idx on product_interactions (product_id, created_at desc);

    create table ai_tool_follows (
      user_id text not null references profiles (id) on delete cascade,
      tool_id text not null references ai_tools (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, tool_id)
    );
    create index ai_tool_follows_tool_idx on ai_tool_follows (tool_id);

    create table ai_tool_updates (
      id uuid primary key default gen_random_uuid(),
      tool_id text not null references ai_tools (id) on delete cascade,
      author_id text references profiles (id) on delete set null,
      title text not null check (length(title) between 1 and 200),
      content text not null,
      update_type text not null check (update_type in ('feature', 'announcement', 'bug_fix', 'security', 'other')),
      version text,
      created_at timestamptz not null default now()
    );
    create index ai_tool_updates_created_idx on ai_tool_updates (created_at desc, id desc);
    create index ai_tool_updates_tool_created_idx on ai_tool_updates (tool_id, created_at desc);

    create table user_notifications (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references profiles (id) on delete cascade,
      update_id uuid not null references ai_tool_updates (id) on delete cascade,
      reason text not null default 'follow' check (reason in ('follow', 'security_impact')),
      is_read boolean not null default false,
      read_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, update_id)
    );
    create index user_notifications_user_created_idx on user_notifications (user_id, created_at desc, id desc);
    create index user_notifications_unread_idx on user_notifications (user_id) where not is_read;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists user_notifications, ai_tool_updates, ai_tool_follows, product_interactions,
      follows, seller_analytics, seller_badges, seller_reviews, favorites, downloads, products,
      ai_tools, categories, profiles, rate_limits, verifications, accounts, sessions, users cascade
  `.execute(db);
}
