/**
 * One source of truth for a person's name, company, user type and avatar: the profile.
 *
 * better-auth keeps copies on `users` (name, full_name, company, user_type, image), which the
 * session and the header read. Until now the profile service copied its edits over, and
 * better-auth's /update-user could change the copies alone, so the two tables disagreed.
 * From here:
 * - an update of those profile columns copies them to the user row in the same statement
 *   (profiles_sync_user, after update);
 * - any update of a user row keeps those columns equal to the profile's
 *   (users_identity_follows_profile, before update), whoever writes it;
 * - the insert of a user still creates its profile from it (2026-11-22-0001), the one moment
 *   the account's values flow the other way.
 * Existing rows are brought in line with their profile first.
 * Frozen in time: never edit after it has landed, never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function keep_user_identity_from_profile() returns trigger language plpgsql as $$
    declare
      p record;
    begin
      select full_name, user_type, company, avatar_url into p from profiles where id = new.id;
      if found then
        new.full_name := p.full_name;
        new.name := coalesce(nullif(btrim(p.full_name), ''), new.name);
        new.user_type := p.user_type;
        new.company := p.company;
        new.image := p.avatar_url;
      end if;
      return new;
    end;
    $$
  `.execute(db);
  await sql`
    create function sync_user_identity_from_profile() returns trigger language plpgsql as $$
    begin
      -- The before-update trigger on users reads the profile's (already updated) values.
      update users set updated_at = now() where id = new.id;
      return null;
    end;
    $$
  `.execute(db);
  await sql`
    update users u set
      full_name = p.full_name,
      name = coalesce(nullif(btrim(p.full_name), ''), u.name),
      user_type = p.user_type,
      company = p.company,
      image = p.avatar_url
    from profiles p
    where p.id = u.id
      and (u.full_name is distinct from p.full_name or u.user_type is distinct from p.user_type
        or u.company is distinct from p.company or u.image is distinct from p.avatar_url)
  `.execute(db);
  await sql`
    create trigger users_identity_follows_profile before update on users
    for each row execute function keep_user_identity_from_profile()
  `.execute(db);
  await sql`
    create trigger profiles_sync_user after update of full_name, user_type, company, avatar_url on profiles
    for each row
    when (old.full_name is distinct from new.full_name or old.user_type is distinct from new.user_type
      or old.company is distinct from new.company or old.avatar_url is distinct from new.avatar_url)
    execute function sync_user_identity_from_profile()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists profiles_sync_user on profiles`.execute(db);
  await sql`drop trigger if exists users_identity_follows_profile on users`.execute(db);
  await sql`drop function if exists sync_user_identity_from_profile()`.execute(db);
  await sql`drop function if exists keep_user_identity_from_profile()`.execute(db);
}
