/**
 * A fresh, migrated database per test file.
 * - Default: PGlite in memory.
 * - DATABASE_URL set: a new database on that server (created and dropped here), reached
 *   through the production Neon driver and the WebSocket proxy.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { getEnv } from '@/functions/_shared/env';

export interface TestDb extends DbHandle {
  name: string;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    const handle = await createDb(getEnv({ DATA_DIR: 'memory://', NODE_ENV: 'test' }));
    await migrateToLatest(handle.db);
    return { ...handle, name: 'memory' };
  }
  const name = `toolmint_test_${randomBytes(6).toString('hex')}`;
  const admin = await createDb(getEnv({ ...process.env, NODE_ENV: 'test' }));
  await sql.raw(`create database ${name}`).execute(admin.db);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await createDb(getEnv({ ...process.env, NODE_ENV: 'test', DATABASE_URL: testUrl.toString() }));
  await migrateToLatest(handle.db);
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      // The pool reports itself ended before its connections have closed; dropping the database
      // under them would make each one report an error. Give them a moment to go.
      for (let i = 0; i < 40; i++) {
        const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
        if (!open.rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}
