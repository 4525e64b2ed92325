import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, type TestDb } from '../support/test-db';
import { defineJob, drainJobs, enqueue, jobsReady, listJobs } from '@/functions/jobs';

let t: TestDb;
const seen: string[] = [];
defineJob<{ word: string }>('test.echo', async (data) => {
  seen.push(data.word);
});

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe('job engine', () => {
  it('enqueues inside a transaction and drains', async () => {
    await jobsReady(t.db);
    await t.db.transaction().execute(async (trx) => {
      await enqueue(trx, 'test.echo', { word: 'hello' });
    });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'test.echo', { word: 'rolled back' });
        throw new Error('no');
      })
      .catch(() => {});
    const r = await drainJobs(t.db, { maxMs: 10_000 });
    expect(seen).toEqual(['hello']);
    expect(r.completed).toBe(1);
    const jobs = await listJobs(t.db, { name: 'test.echo' });
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    await sql`select 1`.execute(t.db);
  });
});
