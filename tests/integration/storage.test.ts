/**
 * Storage per account and the upload sweep (docs/decisions/011), through the API routes with
 * real sessions and a real blob folder:
 * - every stored upload (image, deliverable, avatar, banner) is a row with its size; usage is
 *   their sum (GET /api/uploads/usage); removing a file removes its row;
 * - an upload that would pass the quota answers 413 STORAGE_QUOTA_EXCEEDED and stores nothing,
 *   also when two uploads race for the last bytes;
 * - the sweep deletes uploads attached to no product and no profile 24 hours on, file and
 *   row, and keeps the rest; GET /api/cron/sweep runs it only with the cron secret.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getBlobStore, LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { getEnv } from '@/env';
import { createProduct } from '@/functions/products/products.service';
import { runSweep } from '@/functions/maintenance/sweep';
import { GET as cronSweep } from '@/src/pages/api/cron/sweep';
import { DELETE as deleteAvatar, POST as postAvatar } from '@/src/pages/api/profile/avatar';
import { POST as postFile } from '@/src/pages/api/uploads/files';
import { POST as postImage } from '@/src/pages/api/uploads/images';
import { DELETE as deleteUpload } from '@/src/pages/api/uploads/index';
import { GET as getUsage } from '@/src/pages/api/uploads/usage';
import { call, fileForm, signUp, type TestSession } from '../support/api';
import { productInput } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

// Read by getEnv() on its first call in this file (each test file has its own modules).
process.env['CRON_SECRET'] = 'test-cron-secret-0123456789';

let t: TestDb;
let root: string;
const GB = 1024 * 1024 * 1024;
const quota = getEnv().STORAGE_QUOTA_BYTES;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-storage-'));
  setBlobStore(new LocalBlobStore(root));
});

afterAll(async () => {
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
  fs.rmSync(root, { recursive: true, force: true });
  delete process.env['CRON_SECRET'];
});

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
const image = async (session: TestSession, color = '#5b3fd6') =>
  call(postImage, '/api/uploads/images', {
    method: 'POST',
    session,
    form: fileForm('shot.png', await png(color), 'image/png', { slot: 'additional', index: '0' }),
  });
const file = (session: TestSession, bytes: Buffer | string = 'hello, buyer', name = 'notes.txt') =>
  call(postFile, '/api/uploads/files', { method: 'POST', session, form: fileForm(name, Buffer.from(bytes)) });
const usage = async (session: TestSession) => (await call(getUsage, '/api/uploads/usage', { session })).body as { usedBytes: number; quotaBytes: number };
const rows = async (userId: string) =>
  (
    await t.db.selectFrom('uploads').select(['kind', 'pathname', 'url', 'access', 'size_bytes']).where('user_id', '=', userId).orderBy('created_at').execute()
  ).map((r) => ({ ...r, size_bytes: Number(r.size_bytes) }));
const blobFiles = () => (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).length;
/** Another file of `bytes` the user already stores (a row is what the quota counts). */
const alreadyStored = (userId: string, bytes: number) =>
  t.db
    .insertInto('uploads')
    .values({
      user_id: userId,
      kind: 'file',
      pathname: `deliverables/${userId}/old/${bytes}.zip`,
      url: `private:deliverables/${userId}/old/${bytes}.zip`,
      access: 'private',
      size_bytes: bytes,
    })
    .execute();

const product = {
  title: 'AI Invoice Tool for Freelancers',
  description: 'Turns receipts into invoices. Use it to save hours of admin every month with less effort.',
  content_delivery_type: 'file',
};

describe('usage', () => {
  it('counts every upload with its stored size, 2 GB by default, and forgets removed files', async () => {
    const alice = await signUp('creator');
    expect(await usage(alice)).toEqual({ usedBytes: 0, quotaBytes: 2 * GB });
    const shot = await image(alice);
    const notes = await file(alice);
    expect([shot.status, notes.status]).toEqual([201, 201]);
    expect(await rows(alice.userId)).toEqual([
      { kind: 'image', pathname: shot.body.pathname, url: shot.body.url, access: 'public', size_bytes: shot.body.size },
      { kind: 'file', pathname: expect.stringMatching(/^deliverables\//), url: notes.body.url, access: 'private', size_bytes: 12 },
    ]);
    expect((await usage(alice)).usedBytes).toBe(shot.body.size + 12);
    const removed = await call(deleteUpload, '/api/uploads', { method: 'DELETE', session: alice, json: { url: notes.body.url } });
    expect(removed.body).toEqual({ removed: true });
    expect((await usage(alice)).usedBytes).toBe(shot.body.size);
    expect((await call(getUsage, '/api/uploads/usage', { session: null })).status).toBe(401);
  });

  it('counts the avatar once however often it is replaced, and not after it is removed', async () => {
    const bob = await signUp('buyer');
    expect(
      (await call(postAvatar, '/api/profile/avatar', { method: 'POST', session: bob, form: fileForm('me.png', await png('#112233'), 'image/png') })).status,
    ).toBe(200);
    expect(
      (await call(postAvatar, '/api/profile/avatar', { method: 'POST', session: bob, form: fileForm('me.png', await png('#445566'), 'image/png') })).status,
    ).toBe(200);
    const stored = await rows(bob.userId);
    expect(stored).toEqual([expect.objectContaining({ kind: 'avatar', pathname: expect.stringMatching(new RegExp(`^avatars/${bob.userId}/avatar\\.`)) })]);
    expect((await usage(bob)).usedBytes).toBe(Number(stored[0]!.size_bytes));
    await call(deleteAvatar, '/api/profile/avatar', { method: 'DELETE', session: bob });
    expect(await rows(bob.userId)).toEqual([]);
  });
});

describe('quota', () => {
  it('refuses a file that does not fit with 413 and a clear message, and stores nothing', async () => {
    const carol = await signUp('creator');
    await alreadyStored(carol.userId, quota - 100);
    const before = blobFiles();
    const res = await file(carol, 'x'.repeat(2048));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: {
        code: 'STORAGE_QUOTA_EXCEEDED',
        message: 'This file needs 2 KB, but only 100 B of your 2 GB of storage is left. Remove files you no longer need and try again.',
      },
    });
    expect((await image(carol)).status).toBe(413);
    expect(blobFiles()).toBe(before);
    expect(await rows(carol.userId)).toHaveLength(1);
    // A file that fits still goes in.
    expect((await file(carol, 'x'.repeat(100))).status).toBe(201);
    const full = await file(carol, 'y');
    expect(full.body.error.message).toBe('You have used all of your 2 GB of storage. Remove files you no longer need and try again.');
  });

  it('lets only one of two concurrent uploads take the last bytes', async () => {
    const dave = await signUp('creator');
    await alreadyStored(dave.userId, quota - 1500);
    const before = blobFiles();
    const results = await Promise.all([file(dave, 'a'.repeat(1000), 'a.txt'), file(dave, 'b'.repeat(1000), 'b.txt')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 413]);
    expect(blobFiles()).toBe(before + 1);
    expect((await usage(dave)).usedBytes).toBe(quota - 500);
  });
});

describe('the sweep', () => {
  it('deletes uploads attached to nothing after 24 hours, file and row, and keeps the rest', async () => {
    const erin = await signUp('creator');
    const attachedImage = await image(erin, '#101010');
    const attachedFile = await file(erin, 'the deliverable', 'kept.txt');
    const orphanImage = await image(erin, '#202020');
    const orphanFile = await file(erin, 'never attached', 'orphan.txt');
    const recentOrphan = await image(erin, '#303030');
    await call(postAvatar, '/api/profile/avatar', { method: 'POST', session: erin, form: fileForm('me.png', await png('#404040'), 'image/png') });
    await createProduct(t.db, erin.userId, productInput({ ...product, image_url: attachedImage.body.url, file_urls: [attachedFile.body.url] }));
    // A day and an hour pass for all but the recent upload.
    await t.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('user_id', '=', erin.userId)
      .where('url', '<>', recentOrphan.body.url)
      .execute();
    const exists = (url: string) => {
      const location = url.startsWith('private:')
        ? path.join(root, 'private', url.slice('private:'.length))
        : path.join(root, 'public', url.replace(/^\/blobs\//, ''));
      return fs.existsSync(location);
    };
    expect([orphanImage.body.url, orphanFile.body.url].every(exists)).toBe(true);

    const result = await runSweep(t.db, getBlobStore());
    expect(result).toMatchObject({ uploadsDeleted: 2, bytesFreed: orphanImage.body.size + 'never attached'.length });
    const left = (await rows(erin.userId)).map((r) => r.url);
    expect(left).toEqual(expect.arrayContaining([attachedImage.body.url, attachedFile.body.url, recentOrphan.body.url]));
    expect(left).toHaveLength(4); // and the avatar
    expect(left).not.toContain(orphanImage.body.url);
    expect(left).not.toContain(orphanFile.body.url);
    expect(exists(orphanImage.body.url)).toBe(false);
    expect(exists(orphanFile.body.url)).toBe(false);
    expect([attachedImage.body.url, attachedFile.body.url, recentOrphan.body.url].every(exists)).toBe(true);
  });

  it('makes interactions older than 24 months anonymous, and leaves newer ones as they were', async () => {
    const fay = await signUp('creator');
    const { id: productId } = await createProduct(t.db, fay.userId, productInput({ ...product }));
    const now = new Date('2026-11-29T12:00:00Z');
    const at = (monthsAgo: number, days = 0) => new Date(Date.UTC(2026, 10 - monthsAgo, 29 - days, 12));
    const context = JSON.stringify({ userAgent: 'Mozilla/5.0 (X11)' });
    const base = {
      product_id: productId,
      interaction_type: 'view' as const,
      user_id: fay.userId,
      session_id: 's-1',
      visitor_key: 'k-1',
      interaction_context: context,
    };
    await t.db
      .insertInto('product_interactions')
      .values([
        { ...base, created_at: at(24, 1) },
        { ...base, created_at: at(30) },
        { ...base, created_at: at(23) },
      ])
      .execute();
    const result = await runSweep(t.db, getBlobStore(), now);
    expect(result.interactionsAnonymised).toBe(2);
    const kept = await t.db
      .selectFrom('product_interactions')
      .select(['created_at', 'user_id', 'session_id', 'visitor_key', 'interaction_context'])
      .where('product_id', '=', productId)
      .orderBy('created_at')
      .execute();
    expect(kept.map((r) => [r.user_id, r.session_id, r.visitor_key, r.interaction_context])).toEqual([
      [null, null, null, {}],
      [null, null, null, {}],
      [fay.userId, 's-1', 'k-1', { userAgent: 'Mozilla/5.0 (X11)' }],
    ]);
    // Done once: the next sweep finds nothing left to clear.
    expect((await runSweep(t.db, getBlobStore(), now)).interactionsAnonymised).toBe(0);
  });

  it('runs from GET /api/cron/sweep only with the cron secret', async () => {
    const none = await call(cronSweep, '/api/cron/sweep');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHENTICATED');
    expect((await call(cronSweep, '/api/cron/sweep', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const ok = await call(cronSweep, '/api/cron/sweep', { headers: { authorization: 'Bearer test-cron-secret-0123456789' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      uploadsDeleted: expect.any(Number),
      bytesFreed: expect.any(Number),
      counterWindowsDeleted: expect.any(Number),
      viewDaysDeleted: expect.any(Number),
      interactionsAnonymised: expect.any(Number),
    });
  });
});
