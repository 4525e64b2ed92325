/**
 * Authorization of the products API through the real routes and sessions: another signed-in
 * user and a visitor cannot read a draft, update it, change its status or delete it; every
 * attempt changes nothing. The owner's answers carry the quality score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { GET as listMine, POST as createMine } from '@/src/pages/api/me/products/index';
import { DELETE as deleteOne, GET as getOne, PATCH as patchOne, PUT as putOne } from '@/src/pages/api/me/products/[id]';
import { call, signUp, type TestSession } from '../support/api';
import { ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let owner: TestSession;
let other: TestSession;

const draft = {
  title: 'AI Meeting Notes Tool',
  description: 'Turns meeting recordings into action items. Use it to save an hour a week and help your team follow up.',
  short_description: 'Meeting notes to action items, automatically.',
  tags: ['ai', 'productivity', 'meetings'],
  category_id: 'business',
  content_delivery_type: 'text',
  content_text: 'The prompt.',
  status: 'draft',
};

const row = (id: string) => t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  owner = await signUp('creator', 'Owner Creator');
  other = await signUp('creator', 'Other Creator');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('the owner', () => {
  it('creates a draft and gets it back with its quality score', async () => {
    const created = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: draft });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ creator_id: owner.userId, status: 'draft', title: draft.title });
    expect(created.body.qualityScore).toMatchObject({ overall: expect.any(Number), level: expect.stringMatching(/good|medium|poor/), canSubmit: true });
    const read = await call(getOne, `/api/me/products/${created.body.id}`, { session: owner, params: { id: created.body.id } });
    expect(read.status).toBe(200);
    expect(read.body.qualityScore).toEqual(created.body.qualityScore);
  });

  it('gets field messages for an invalid product, and nothing is saved', async () => {
    const res = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: { ...draft, title: 'Too short', description: 'Tiny.' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { title: 'Title must be at least 10 characters', description: 'Description must be at least 50 characters' },
    });
  });
});

describe.each([
  ['another signed-in user', (): TestSession | null => other, 404, 'PRODUCT_NOT_FOUND'],
  ['a visitor', (): TestSession | null => null, 401, 'UNAUTHENTICATED'],
] as const)('%s', (_who, session, status, code) => {
  let id: string;
  let original: Awaited<ReturnType<typeof row>>;

  beforeAll(async () => {
    const created = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: draft });
    id = created.body.id;
    original = await row(id);
  });

  it('cannot read the draft', async () => {
    const res = await call(getOne, `/api/me/products/${id}`, { session: session(), params: { id } });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(JSON.stringify(res.body)).not.toContain(draft.content_text);
  });

  it('does not see it in their list', async () => {
    const res = await call(listMine, '/api/me/products', { session: session() });
    if (status === 401) expect(res.status).toBe(401);
    else expect(res.body.items.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('cannot update it, publish it or delete it, and nothing changes', async () => {
    const put = await call(putOne, `/api/me/products/${id}`, {
      method: 'PUT',
      session: session(),
      params: { id },
      json: { ...draft, title: 'Hijacked AI Tool Listing', status: 'published' },
    });
    const patch = await call(patchOne, `/api/me/products/${id}`, { method: 'PATCH', session: session(), params: { id }, json: { status: 'published' } });
    const del = await call(deleteOne, `/api/me/products/${id}`, { method: 'DELETE', session: session(), params: { id } });
    for (const res of [put, patch, del]) {
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect(await row(id)).toEqual(original);
    const rebuilds = await t.db.selectFrom('rebuild_requests').select('id').where('product_id', '=', id).execute();
    expect(rebuilds).toEqual([]);
  });
});

it('the owner can still do all of it afterwards', async () => {
  const created = await call(createMine, '/api/me/products', { method: 'POST', session: owner, json: draft });
  const id = created.body.id as string;
  const updated = await call(putOne, `/api/me/products/${id}`, {
    method: 'PUT',
    session: owner,
    params: { id },
    json: { ...draft, title: 'AI Meeting Notes Tool Pro' },
  });
  expect(updated.body).toMatchObject({ title: 'AI Meeting Notes Tool Pro' });
  const published = await call(patchOne, `/api/me/products/${id}`, { method: 'PATCH', session: owner, params: { id }, json: { status: 'published' } });
  expect(published.body).toMatchObject({ status: 'published', qualityScore: expect.any(Object) });
  expect((await call(deleteOne, `/api/me/products/${id}`, { method: 'DELETE', session: owner, params: { id } })).status).toBe(204);
  expect(await t.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
});
