/**
 * A full disk answers 507 STORAGE_FULL with the message on every kind of write, logs one
 * line naming the free space, and leaves nothing half-written (issue 29, docs/decisions/053).
 * The failure is made where it happens in production, below our code:
 * - the database: a trigger makes PostgreSQL itself refuse a write with SQLSTATE 53100
 *   disk_full and its 'could not extend file … No space left on device' message, so the error
 *   comes back through the real driver (PGlite in its worker thread, or the Neon driver) and the
 *   real transaction rolls back;
 * - blob storage: the local blob store on a file system that answers ENOSPC, as Node reports it.
 * Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore, type BlobStore } from '@/functions/_shared/blob-store';
import { ERRORS } from '@/functions/_shared/errors';
import { isStorageFull } from '@/env/storage-full';
import { PATCH as patchProfile } from '@/src/pages/api/profile/index';
import { POST as readAllRoute } from '@/src/pages/api/notifications/read-all';
import { POST as postImage } from '@/src/pages/api/uploads/images';
import { POST as postFile } from '@/src/pages/api/uploads/files';
import { POST as postAvatar } from '@/src/pages/api/profile/avatar';
import { ALL as authRoute } from '@/src/pages/api/auth/[...all]';
import { call, fileForm, signUp, type TestSession } from '../support/api';
import { createProduct } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

const STORAGE_FULL = { error: { code: 'STORAGE_FULL', message: 'The server is out of storage space. Your change was not saved. Please try again later.' } };

let t: TestDb;
let root: string;
let store: LocalBlobStore;
let maker: TestSession;

/** Node's error for a write on a full file system. */
function enospc(syscall = 'write'): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { errno: -28, code: 'ENOSPC', syscall });
}

/** The local blob store on a full disk: its writes fail as fs.writeFile does there, after the folder exists. */
class FullDiskBlobStore extends LocalBlobStore {
  override async put(...args: Parameters<BlobStore['put']>): ReturnType<BlobStore['put']> {
    fs.mkdirSync(path.join(root, args[2].access), { recursive: true });
    throw enospc();
  }
}

/** Until the returned function runs, PostgreSQL refuses `operation` on `table` as it does on a full disk. */
async function diskFullOn(table: string, operation: 'insert' | 'update'): Promise<() => Promise<void>> {
  const name = `toolmint_test_disk_full_${table}_${operation}`;
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $$ begin
         raise exception 'could not extend file "base/16384/16402": No space left on device' using errcode = 'disk_full', hint = 'Check free disk space.';
       end $$`,
    )
    .execute(t.db);
  await sql.raw(`create trigger ${name} before ${operation} on ${table} for each row execute function ${name}()`).execute(t.db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(t.db);
    await sql.raw(`drop function ${name}()`).execute(t.db);
  };
}

/** Runs `fn` expecting exactly one '[storage]' line on console.error that names the free space. */
async function expectOneStorageLog<T>(fn: () => Promise<T>): Promise<T> {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const result = await fn();
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]?.[0]);
    expect(line).toMatch(/^\[storage\] out of storage space: /);
    expect(line).toMatch(/(free of|free space unknown)/);
    return result;
  } finally {
    logged.mockRestore();
  }
}

function listBlobs(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

const uploadRows = () => t.db.selectFrom('uploads').select('pathname').where('user_id', '=', maker.userId).execute();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-storage-full-'));
  store = new LocalBlobStore(root);
  setBlobStore(store);
  maker = await signUp('creator', 'Fiona Full');
});

afterAll(async () => {
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the error code', () => {
  it('is 507 with the message of the issue', () => {
    expect(ERRORS.STORAGE_FULL).toEqual({ status: 507, message: STORAGE_FULL.error.message });
  });

  it('is recognised from Node, PostgreSQL and the blob store, and not from other failures', () => {
    expect(isStorageFull(enospc())).toBe(true);
    expect(isStorageFull(Object.assign(new Error('x'), { code: '53100' }))).toBe(true);
    expect(isStorageFull(new Error('could not extend file "base/5/16384": wrote only 4096 of 8192 bytes at block 12'))).toBe(true);
    expect(isStorageFull(new Error('request failed', { cause: enospc('open') }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('This store has been suspended.'), { name: 'BlobStoreSuspendedError' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isStorageFull(new Error('disk full of cats'))).toBe(false);
  });
});

describe('the database refuses a write', () => {
  it('a profile update answers 507 and neither the profile nor the account it keeps in step changes', async () => {
    // The profile row is updated first; the account row follows it in the same statement (trigger
    // profiles_sync_user), and that second write is the one the full disk refuses.
    const restore = await diskFullOn('users', 'update');
    try {
      const res = await expectOneStorageLog(() =>
        call(patchProfile, '/api/profile', { method: 'PATCH', session: maker, json: { fullName: 'Fiona Overflow' } }),
      );
      expect(res.status).toBe(507);
      expect(res.body).toEqual(STORAGE_FULL);
    } finally {
      await restore();
    }
    const profile = await t.db.selectFrom('profiles').select('full_name').where('id', '=', maker.userId).executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('name').where('id', '=', maker.userId).executeTakeFirstOrThrow();
    expect(profile.full_name).toBe('Fiona Full');
    expect(user.name).toBe('Fiona Full');
    // With space again the same request works.
    const ok = await call(patchProfile, '/api/profile', { method: 'PATCH', session: maker, json: { fullName: 'Fiona Spacious' } });
    expect(ok.status).toBe(200);
  });

  it("'Mark all as read' answers 507 and every notice stays unread", async () => {
    for (const title of ['Full Disk Field Guide', 'Quota Cookbook', 'Inode Almanac']) {
      const product = await createProduct(t.db, maker.userId, { title });
      await t.db.insertInto('user_notifications').values({ user_id: maker.userId, kind: 'new_product', product_id: product.id, reason: null }).execute();
    }
    const restore = await diskFullOn('user_notifications', 'update');
    try {
      const res = await expectOneStorageLog(() => call(readAllRoute, '/api/notifications/read-all', { method: 'POST', session: maker }));
      expect(res.status).toBe(507);
      expect(res.body).toEqual(STORAGE_FULL);
    } finally {
      await restore();
    }
    const unread = await t.db.selectFrom('user_notifications').select('id').where('user_id', '=', maker.userId).where('is_read', '=', false).execute();
    expect(unread).toHaveLength(3);
  });

  it('a sign-up answers 507 and creates no account, profile or session', async () => {
    const email = `full-${Date.now()}@example.com`;
    const restore = await diskFullOn('profiles', 'insert');
    try {
      const res = await expectOneStorageLog(() =>
        call(authRoute, '/api/auth/sign-up/email', {
          method: 'POST',
          json: { name: 'Nora New', full_name: 'Nora New', email, password: 'Str0ng!pass', user_type: 'buyer' },
          address: '198.51.100.77',
        }),
      );
      expect(res.status).toBe(507);
      expect(res.body).toMatchObject(STORAGE_FULL);
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      await restore();
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('an upload whose record cannot be written answers 507 and removes the file it stored', async () => {
    const before = listBlobs();
    const restore = await diskFullOn('uploads', 'insert');
    try {
      const res = await expectOneStorageLog(() =>
        call(postFile, '/api/uploads/files', {
          method: 'POST',
          session: maker,
          form: fileForm('guide.pdf', Buffer.from('%PDF-1.4 a deliverable'), 'application/pdf'),
        }),
      );
      expect(res.status).toBe(507);
      expect(res.body).toEqual(STORAGE_FULL);
    } finally {
      await restore();
    }
    expect(listBlobs()).toEqual(before);
    expect(await uploadRows()).toEqual([]);
  });
});

describe('blob storage refuses a write', () => {
  const png = () =>
    sharp({ create: { width: 12, height: 12, channels: 3, background: '#5b3fd6' } })
      .png()
      .toBuffer();

  it('a deliverable file, a product image and an avatar answer 507 (not 502), and nothing is stored or recorded', async () => {
    setBlobStore(new FullDiskBlobStore(root));
    const before = listBlobs();
    const avatarBefore = await t.db.selectFrom('profiles').select('avatar_url').where('id', '=', maker.userId).executeTakeFirstOrThrow();
    try {
      const answers = [
        await expectOneStorageLog(() =>
          call(postFile, '/api/uploads/files', {
            method: 'POST',
            session: maker,
            form: fileForm('guide.pdf', Buffer.from('%PDF-1.4 deliverable'), 'application/pdf'),
          }),
        ),
        await expectOneStorageLog(async () =>
          call(postImage, '/api/uploads/images', {
            method: 'POST',
            session: maker,
            form: fileForm('cover.png', await png(), 'image/png', { slot: 'main', index: '0' }),
          }),
        ),
        await expectOneStorageLog(async () =>
          call(postAvatar, '/api/profile/avatar', { method: 'POST', session: maker, form: fileForm('me.png', await png(), 'image/png') }),
        ),
      ];
      for (const res of answers) {
        expect(res.status).toBe(507);
        expect(res.body).toEqual(STORAGE_FULL);
      }
    } finally {
      setBlobStore(store);
    }
    expect(listBlobs()).toEqual(before);
    expect(await uploadRows()).toEqual([]);
    expect(await t.db.selectFrom('profiles').select('avatar_url').where('id', '=', maker.userId).executeTakeFirstOrThrow()).toEqual(avatarBefore);
  });
});
