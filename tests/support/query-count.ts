/**
 * A database handle that counts the queries made through it: the same database and
 * connection, through a Kysely plugin that counts each query compiled. Tests that claim "no
 * query per request" set it as the process's handle (setDbHandle), so the routes, services and
 * the server's own reads are all counted. The raw SQL access of the job engine (pg-boss) is the
 * original handle's and is not counted.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { DbHandle } from '@/db/database';

export interface CountedHandle {
  handle: DbHandle;
  /** The statements compiled since the last reset, as `select`, `insert`…, in order. */
  readonly queries: string[];
  reset(): void;
}

export function countQueries(original: DbHandle): CountedHandle {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      queries.push(args.node.kind.replace(/QueryNode$/, '').toLowerCase());
      return args.node;
    },
    transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(args.result);
    },
  };
  const db = original.db.withPlugin(plugin);
  // The engine's raw SQL (db/database.ts keeps it per Kysely instance, on globalThis).
  const extras = (globalThis as Record<symbol, unknown>)[Symbol.for('toolmint.db.extras')] as { raw: WeakMap<object, unknown> };
  extras.raw.set(db, extras.raw.get(original.db));
  return {
    handle: { ...original, db },
    queries,
    reset: () => {
      queries.length = 0;
    },
  };
}
