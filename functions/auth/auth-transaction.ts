/**
 * better-auth's transactions, as our callbacks see them (docs/decisions/059). A sign-up runs in
 * one database transaction (the user, its credential account and the verification email's
 * callback), but better-auth hands its callbacks no handle on that transaction. The database
 * given to better-auth is trackAuthTransactions(db): the same Kysely instance, whose
 * transaction() runs better-auth's work with the transaction in an AsyncLocalStorage. So a
 * callback writes through authTransaction() ?? db, and what it writes (an email in the outbox)
 * commits or rolls back with the account; on PGlite's single connection a write on `db` inside
 * would also wait forever for the transaction that holds it. afterAuthCommit(fn) runs fn once
 * that transaction has committed (at once outside one).
 *
 * better-auth's Kysely adapter calls only `db.transaction().execute(work)`; everything else is
 * the instance's own method, bound to it (Kysely keeps its state in private fields, which a
 * Proxy as `this` could not read).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import type { Db } from '@/db/database';

interface AuthTransaction {
  trx: Db;
  /** What runs after the commit (afterAuthCommit). */
  committed: (() => void)[];
}

const current = new AsyncLocalStorage<AuthTransaction>();

/** `db` for better-auth: its transactions are visible to our callbacks (authTransaction). */
export function trackAuthTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({
          async execute<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
            const committed: (() => void)[] = [];
            const result = await target.transaction().execute((trx) => current.run({ trx, committed }, () => work(trx)));
            for (const fn of committed) fn();
            return result;
          },
        });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The transaction better-auth runs the current callback in, if any. */
export function authTransaction(): Db | undefined {
  return current.getStore()?.trx;
}

/** Runs `fn` once better-auth's current transaction has committed; at once outside one (never after a rollback). */
export function afterAuthCommit(fn: () => void): void {
  const scope = current.getStore();
  if (scope) scope.committed.push(fn);
  else fn();
}
