/**
 * Every user gets a profile row in the same statement that creates the user.
 *
 * better-auth's `create.after` database hooks run after its transaction commits, so a
 * profile created there could be missing when the hook fails. A trigger makes the profile
 * part of the user insert itself: if the profile cannot be written the user insert fails,
 * and the sign-up transaction (user, credential account, session) rolls back as a whole.
 * It also covers users created by OAuth sign-in. An existing profile row is left alone.
 * Frozen in time: never edit after it has landed, never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function create_profile_for_user() returns trigger language plpgsql as $$
    begin
      insert into profiles (id, full_name, user_type, company, avatar_url, created_at, updated_at)
      values (
        new.id,
        coalesce(nullif(btrim(new.full_name), ''), new.name),
        new.user_type,
        nullif(btrim(new.company), ''),
        new.image,
        new.created_at,
        new.updated_at
      )
      on conflict (id) do nothing;
      return new;
    end;
    $$
  `.execute(db);
  await sql`
    create trigger users_create_profile after insert on users
    for each row execute function create_profile_for_user()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_create_profile on users`.execute(db);
  await sql`drop function if exists create_profile_for_user()`.execute(db);
}
