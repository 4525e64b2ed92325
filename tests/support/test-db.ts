/**
 * A fresh, migrated database per test file.
 * - Default: PGlite in memory.
 * - DATABASE_URL set: a new database on that server (created and dropped here), reached
 *   through the production Neon driver and the WebSocket proxy.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { getEnv } from '../../functions/_shared/env';

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
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}
