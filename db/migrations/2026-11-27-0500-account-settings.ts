/**
 * Account settings (issue 15, docs/decisions/032).
 * - profiles.handle: the public address /@handle, chosen in /settings/account. 3 to 30 of
 *   a-z, 0-9, _ and -, stored lower-case, unique case-insensitively; null until chosen.
 * - profiles.deleted_at: set when the account is deleted. The profile row stays as an
 *   anonymised tombstone (no name, no picture, no links) because orders, payouts, downloads
 *   and licences point at it and money is never deleted; the user row, its sessions,
 *   passwords and API keys are deleted by better-auth.
 * - For that, the profile no longer cascades from the user row: deleting a user must not
 *   delete the profile (which would delete the products buyers paid for, or fail on their
 *   orders). A profile is still created with its user (2026-11-22-0001).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table profiles add column handle text check (handle ~ '^[a-z0-9_-]{3,30}$')`.execute(db);
  await sql`create unique index profiles_handle_key on profiles (lower(handle)) where handle is not null`.execute(db);
  await sql`alter table profiles add column deleted_at timestamptz`.execute(db);
  await sql`alter table profiles drop constraint if exists profiles_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from profiles p where not exists (select 1 from users u where u.id = p.id)`.execute(db);
  await sql`alter table profiles add constraint profiles_id_fkey foreign key (id) references users (id) on delete cascade`.execute(db);
  await sql`alter table profiles drop column deleted_at`.execute(db);
  await sql`drop index if exists profiles_handle_key`.execute(db);
  await sql`alter table profiles drop column handle`.execute(db);
}
