/**
 * Many followers at once, for the fan-out bench (scripts/bench-fanout.ts) and the job tests
 * (tests/integration/jobs.test.ts): `count` accounts named `<prefix>0000001`… (their profiles
 * come from the users trigger), each following the tool and/or the creator. Inserted with
 * generate_series in chunks of 10,000, so 100,000 followers take seconds, not an account each.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

const CHUNK = 10_000;

export async function addSyntheticFollowers(db: Db, options: { count: number; prefix: string; toolId?: string; creatorId?: string }): Promise<void> {
  const { count, prefix } = options;
  for (let start = 1; start <= count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK - 1);
    const ids = sql`select ${prefix}::text || lpad(g::text, 7, '0') as id, g from generate_series(${start}::int, ${end}::int) as g`;
    await sql`
      insert into users (id, name, email, email_verified)
      select s.id, 'Follower ' || s.g, s.id || '@followers.test', true from (${ids}) as s
    `.execute(db);
    if (options.toolId) {
      await sql`insert into ai_tool_follows (user_id, tool_id) select s.id, ${options.toolId} from (${ids}) as s`.execute(db);
    }
    if (options.creatorId) {
      await sql`insert into follows (follower_id, following_id) select s.id, ${options.creatorId} from (${ids}) as s`.execute(db);
    }
  }
}
