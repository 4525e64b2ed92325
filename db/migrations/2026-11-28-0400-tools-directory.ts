/**
 * The AI tools directory, live (issue 17, docs/decisions/038).
 * - ai_tools holds everything a tool page shows (until now fixed in src/shared/ai-tools.ts):
 *   category, one-line and long description, official site and its host, documentation and
 *   GitHub links, pricing summary, platforms, features, use cases, stats (jsonb
 *   [{label, value}]), gradient, monogram, uploaded logo, landing copy (jsonb, null = derived),
 *   the date of its latest known release, whether it has a /tools/{id} detail page.
 * - A tool is a submission too: status pending | approved | changes_requested | rejected
 *   (every existing row is 'approved'), submitted_by, submitted_at, reviewed_at, review_note
 *   (the administrator's message), requested_sources (changelog source URLs the submitter
 *   asked for; the feeds job owns the sources table and takes them from here on approval).
 * - official_site_host is unique among live tools (every status but 'rejected'), and so is
 *   lower(name): duplicates are caught at submission and by the database.
 * - verified_at: when the domain claim succeeded (the seed's claimed tools keep theirs);
 *   claimed_by stays the owner's profile, maintainer_name the 'Maintained by' name.
 * - tool_maintainers: the owner (role 'owner', mirrors claimed_by) and co-maintainers
 *   ('co_maintainer'); isToolMaintainer (functions/tools/tool-maintainers.ts) reads it.
 * - tool_maintainer_invites: an invitation by handle or email with a one-time token.
 * - tool_claims: a claim by email to an address at the official domain or by a well-known
 *   file; pending | in_review (the tool already has an owner) | verified | rejected | revoked.
 * - user_notifications gains the kind 'tool_notice' (docs/decisions/014): tool_id, tool_event
 *   (submission_approved, submission_changes_requested, submission_rejected, claim_verified,
 *   claim_rejected, claim_revoked, maintainer_added, source_paused) and note.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ai_tools
      add column category text not null default 'Other'
        check (category in ('Automation', 'Development', 'AI Assistant', 'Image Generation', 'Video Generation', 'Other')),
      add column description text not null default '' check (char_length(description) <= 300),
      add column long_description text not null default '' check (char_length(long_description) <= 5000),
      add column official_site text check (char_length(official_site) <= 500),
      add column official_site_host text check (char_length(official_site_host) <= 253),
      add column documentation_url text check (char_length(documentation_url) <= 500),
      add column github_url text check (char_length(github_url) <= 500),
      add column pricing text not null default '' check (char_length(pricing) <= 500),
      add column platforms text[] not null default '{}',
      add column features text[] not null default '{}',
      add column use_cases text[] not null default '{}',
      add column stats jsonb not null default '[]',
      add column gradient_from text not null default '#6366F1' check (gradient_from ~ '^#[0-9A-Fa-f]{6}$'),
      add column gradient_to text not null default '#A855F7' check (gradient_to ~ '^#[0-9A-Fa-f]{6}$'),
      add column monogram text not null default '' check (char_length(monogram) <= 3),
      add column logo_url text check (char_length(logo_url) <= 1000),
      add column landing jsonb,
      add column last_release_on date,
      add column detail_page boolean not null default true,
      add column status text not null default 'approved' check (status in ('pending', 'approved', 'changes_requested', 'rejected')),
      add column submitted_by text references profiles (id) on delete set null,
      add column submitted_at timestamptz,
      add column reviewed_at timestamptz,
      add column review_note text check (char_length(review_note) <= 1000),
      add column requested_sources text[] not null default '{}',
      add column verified_at timestamptz,
      add column updated_at timestamptz not null default now()
  `.execute(db);
  await sql`update ai_tools set verified_at = created_at where maintainer_name is not null or claimed_by is not null`.execute(db);
  await sql`create unique index ai_tools_site_host_live_key on ai_tools (official_site_host) where status <> 'rejected'`.execute(db);
  await sql`create unique index ai_tools_name_live_key on ai_tools (lower(name)) where status <> 'rejected'`.execute(db);
  await sql`create index ai_tools_review_queue_idx on ai_tools (submitted_at, id) where status = 'pending'`.execute(db);
  await sql`create index ai_tools_submitted_by_idx on ai_tools (submitted_by, created_at desc) where submitted_by is not null`.execute(db);
  await sql`create index ai_tools_claimed_by_idx on ai_tools (claimed_by) where claimed_by is not null`.execute(db);

  await sql`
    create table tool_maintainers (
      tool_id text not null references ai_tools (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      role text not null check (role in ('owner', 'co_maintainer')),
      invited_by text references profiles (id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (tool_id, user_id)
    )
  `.execute(db);
  await sql`create unique index tool_maintainers_one_owner_key on tool_maintainers (tool_id) where role = 'owner'`.execute(db);
  await sql`create index tool_maintainers_user_idx on tool_maintainers (user_id)`.execute(db);
  await sql`insert into tool_maintainers (tool_id, user_id, role) select id, claimed_by, 'owner' from ai_tools where claimed_by is not null`.execute(db);

  await sql`
    create table tool_maintainer_invites (
      id uuid primary key default gen_random_uuid(),
      tool_id text not null references ai_tools (id) on delete cascade,
      invited_by text references profiles (id) on delete set null,
      invitee_id text references profiles (id) on delete cascade,
      email text check (char_length(email) <= 254),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by text references profiles (id) on delete set null,
      check (invitee_id is not null or email is not null)
    )
  `.execute(db);
  await sql`create index tool_maintainer_invites_tool_idx on tool_maintainer_invites (tool_id, created_at desc)`.execute(db);

  await sql`
    create table tool_claims (
      id uuid primary key default gen_random_uuid(),
      tool_id text not null references ai_tools (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      method text not null check (method in ('email', 'well_known')),
      email text check (char_length(email) <= 254),
      organisation text check (char_length(organisation) <= 100),
      token_hash text not null unique,
      challenge text check (char_length(challenge) <= 200),
      status text not null default 'pending' check (status in ('pending', 'in_review', 'verified', 'rejected', 'revoked')),
      note text check (char_length(note) <= 1000),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      verified_at timestamptz,
      decided_at timestamptz,
      decided_by text references profiles (id) on delete set null,
      check ((method = 'email') = (email is not null)),
      check ((method = 'well_known') = (challenge is not null))
    )
  `.execute(db);
  await sql`create index tool_claims_tool_idx on tool_claims (tool_id, created_at desc)`.execute(db);
  await sql`create index tool_claims_user_idx on tool_claims (user_id, created_at desc)`.execute(db);
  await sql`create index tool_claims_queue_idx on tool_claims (verified_at, id) where status = 'in_review'`.execute(db);

  await sql`
    alter table user_notifications
      drop constraint user_notifications_kind_check,
      drop constraint user_notifications_kind_reference,
      add column tool_id text references ai_tools (id) on delete cascade,
      add column tool_event text check (
        tool_event in (
          'submission_approved', 'submission_changes_requested', 'submission_rejected',
          'claim_verified', 'claim_rejected', 'claim_revoked', 'maintainer_added', 'source_paused'
        )
      ),
      add column note text check (char_length(note) <= 1000)
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version', 'tool_notice')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and tool_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and tool_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and tool_id is null and reason is null)
        or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and update_id is null and order_id is null and product_version_id is null and reason is null)
      )
  `.execute(db);
  await sql`create index user_notifications_tool_idx on user_notifications (tool_id) where tool_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind = 'tool_notice'`.execute(db);
  await sql`drop index user_notifications_tool_idx`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_kind_reference,
      drop constraint user_notifications_kind_check,
      drop column note,
      drop column tool_event,
      drop column tool_id
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and reason is null)
      )
  `.execute(db);
  await sql`drop table tool_claims`.execute(db);
  await sql`drop table tool_maintainer_invites`.execute(db);
  await sql`drop table tool_maintainers`.execute(db);
  await sql`delete from ai_tools where status <> 'approved'`.execute(db);
  await sql`drop index ai_tools_claimed_by_idx`.execute(db);
  await sql`drop index ai_tools_submitted_by_idx`.execute(db);
  await sql`drop index ai_tools_review_queue_idx`.execute(db);
  await sql`drop index ai_tools_name_live_key`.execute(db);
  await sql`drop index ai_tools_site_host_live_key`.execute(db);
  await sql`
    alter table ai_tools
      drop column updated_at, drop column verified_at, drop column requested_sources, drop column review_note,
      drop column reviewed_at, drop column submitted_at, drop column submitted_by, drop column status,
      drop column detail_page, drop column last_release_on, drop column landing, drop column logo_url,
      drop column monogram, drop column gradient_to, drop column gradient_from, drop column stats,
      drop column use_cases, drop column features, drop column platforms, drop column pricing,
      drop column github_url, drop column documentation_url, drop column official_site_host,
      drop column official_site, drop column long_description, drop column description, drop column category
  `.execute(db);
}
