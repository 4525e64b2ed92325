/**
 * The statements around a guarded read on PostgreSQL (read-guard.ts, docs/decisions/016): a
 * transaction whose `statement_timeout` makes the server itself stop a runaway statement.
 * Functions take the connection the read runs on.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** BEGIN and SET LOCAL in one round trip: a statement without parameters goes by the simple protocol, which takes several. */
export async function beginWithStatementTimeout(connection: Db, timeoutMs: number, signal: AbortSignal): Promise<void> {
  // timeoutMs is a validated integer.
  await sql.raw(`begin; set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(connection, { signal });
}

export async function commit(connection: Db): Promise<void> {
  await sql.raw('commit').execute(connection);
}

/** Rolls back, ignoring a failure (the connection may be gone already). */
export async function rollbackQuietly(connection: Db): Promise<void> {
  await sql
    .raw('rollback')
    .execute(connection)
    .catch(() => {});
}
