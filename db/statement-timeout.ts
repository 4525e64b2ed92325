/**
 * Statements with a deadline PostgreSQL enforces itself, at no round trip of their own: the
 * guarded reads of functions/_shared/read-guard.ts on the Neon driver (db/database.ts,
 * docs/decisions/072).
 *
 * Each statement leaves as one pipeline, in one frame (db/coalescing-websocket.ts):
 *   Parse/Bind/Execute  select set_config('statement_timeout', '<ms>', true)
 *   Parse/Bind/Describe/Execute  the statement
 *   Sync
 * Messages up to a Sync run in one implicit transaction, so the setting is the statement's
 * alone: it ends at the Sync, on a dedicated connection or through Neon's transaction pooler
 * alike, and no BEGIN or COMMIT travels. PostgreSQL arms statement_timeout when a statement's
 * first message arrives (its docs, statement_timeout: "In extended query protocol, the timeout
 * starts running when any query-related message (Parse, Bind, Execute, Describe) arrives"),
 * with the value then current: the one set_config has just set.
 *
 * The statement itself goes through the driver's own Query class (node-postgres's
 * `Client.Query`: its values, its type parsers, its errors); only the set_config's answer (a
 * row and a command tag, with no row description) is kept from it. Every statement goes by the
 * extended protocol, so one statement per call: a string of several is refused by PostgreSQL.
 */
import type { Pool, PoolClient } from '@neondatabase/serverless';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** What this module uses of node-postgres's Query (lib/query.js), the driver's copy of it. */
interface DriverQuery {
  prepare(connection: DriverConnection): void;
  requiresPreparation(): boolean;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: DriverConnection): void;
}
interface DriverConnection {
  parse(message: { text: string }): void;
  bind(message: { values: string[] }): void;
  execute(message: { portal: string }): void;
}
type QueryCallback = (error: Error | null, result: PostgresQueryResult<unknown>) => void;
type DriverQueryClass = new (config: { text: string; values: unknown[]; callback: QueryCallback }) => DriverQuery;

/** node-postgres sets `Client.Query` (lib/client.js); the Neon driver's Client inherits it. */
function driverQueryClass(pool: Pool): DriverQueryClass {
  const Query = (pool.Client as unknown as { Query?: DriverQueryClass }).Query;
  if (typeof Query !== 'function') throw new Error('The database driver has no Client.Query: statement timeouts cannot be sent with the statement.');
  return Query;
}

/** The driver's Query, sending set_config ahead of the statement in the same pipeline. */
function timedQueryClass(Query: DriverQueryClass, timeoutMs: number): DriverQueryClass {
  const setting = String(Math.floor(timeoutMs));
  return class TimedQuery extends Query {
    /** Until set_config's command tag: its row and tag are not the statement's. */
    private settingTimeout = false;

    // The extended protocol even without values: a simple query would run outside the pipeline.
    override requiresPreparation(): boolean {
      return true;
    }

    override prepare(connection: DriverConnection): void {
      this.settingTimeout = true;
      connection.parse({ text: "select set_config('statement_timeout', $1, true)" });
      connection.bind({ values: [setting] });
      connection.execute({ portal: '' });
      super.prepare(connection);
    }

    override handleDataRow(message: unknown): void {
      if (!this.settingTimeout) super.handleDataRow(message);
    }

    override handleCommandComplete(message: unknown, connection: DriverConnection): void {
      if (this.settingTimeout) this.settingTimeout = false;
      else super.handleCommandComplete(message, connection);
    }
  };
}

/**
 * A pool for Kysely's PostgresDialect over the Neon `pool`, whose every statement runs with
 * statement_timeout = `timeoutMs` (milliseconds, a validated integer). It borrows the pool's
 * connections and leaves the pool's life to its owner: ending it ends nothing.
 */
export function poolWithStatementTimeout(pool: Pool, timeoutMs: number): PostgresPool {
  const TimedQuery = timedQueryClass(driverQueryClass(pool), timeoutMs);
  // One wrapper per connection: Kysely's driver keeps its per-connection state by client.
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrap = (client: PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      const query = <R>(text: string, values: readonly unknown[]) =>
        new Promise<PostgresQueryResult<R>>((resolve, reject) => {
          const timed = new TimedQuery({
            text,
            values: [...values],
            callback: (error, result) => (error ? reject(error) : resolve(result as PostgresQueryResult<R>)),
          });
          client.query(timed as never);
        });
      // Kysely passes a cursor only with the dialect's `cursor` option, which this pool's dialect is never given.
      wrapper = { query, release: (destroy?: boolean) => client.release(destroy) } as PostgresPoolClient;
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    options: pool.options,
    connect: async () => wrap(await pool.connect()),
    end: async () => {},
  };
}
