/**
 * The statements around a guarded read on PostgreSQL (read-guard.ts, docs/decisions/016): a
 * transaction whose `statement_timeout` makes the server itself stop a runaway statement.
 * Functions take the connection the read runs on.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '@/db/database';

/** BEGIN and SET LOCAL in one round trip: a statement without parameters goes by the simple protocol, which takes several. */
export async function beginWithStatementTimeout(connection: Db, timeoutMs: number, signal: AbortSignal): Promise<void> {
  // timeoutMs is a validated integer.
  await sql.raw(`begin; set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(connection, { signal });
}

/**
 * Ends the read's transaction without waiting for PostgreSQL's answer: resolves once COMMIT is
 * queued on the connection (node-postgres runs a connection's queries in order, so whoever
 * takes the connection next runs after it), and `committed` settles with its answer. The
 * read's answer leaves a round trip sooner (docs/decisions/066); a COMMIT that fails (the
 * connection is gone) is logged: the read's rows are already in hand.
 */
export async function commitWithoutWaiting(connection: Db): Promise<{ committed: Promise<unknown> }> {
  let queued!: () => void;
  const isQueued = new Promise<void>((resolve) => (queued = resolve));
  const committed = connection.getExecutor().provideConnection((raw) => {
    // executeQuery hands the statement to the driver before its first await.
    const answer = raw.executeQuery(CompiledQuery.raw('commit'));
    queued();
    return answer;
  });
  committed.catch((error: unknown) => {
    queued();
    console.error('[read-guard] commit of a read failed:', error);
  });
  await isQueued;
  return { committed };
}

/** Rolls back, ignoring a failure (the connection may be gone already). */
export async function rollbackQuietly(connection: Db): Promise<void> {
  await sql
    .raw('rollback')
    .execute(connection)
    .catch(() => {});
}
