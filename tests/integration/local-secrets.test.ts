/**
 * With no BETTER_AUTH_SECRET, the server's signing keys come from a random secret generated on
 * the first start and kept in DATA_DIR/secrets.json (mode 600), never from a constant
 * (issue 29, docs/decisions/053): starts share it, including two at the same moment; a local
 * payment completion and an unsubscribe link signed with the constant earlier versions used
 * are refused, while ones signed with the stored secret are accepted. Both database drivers.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { PUBLISHED_DEV_AUTH_SECRET } from '@/env';
import { SECRETS_FILE, storedAuthSecret } from '@/env/local-secrets';
import { createUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import { localWebhookSecret } from '@/functions/payments/local-provider';
import { POST as webhookRoute } from '@/src/pages/api/payments/webhook';
import * as unsubscribeRoute from '@/src/pages/api/unsubscribe/index';
import { call, signUp } from '../support/api';
import { signedEvent } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

// This process is a server with no secret configured, on a data folder of its own.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-local-secrets-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  delete process.env['BETTER_AUTH_SECRET'];
  return dir;
});

const run = promisify(execFile);

/** What a fresh process (a start) on `dir` signs with. */
async function secretOfANewProcess(dir: string): Promise<string> {
  const module = path.resolve('env/index.ts');
  const script = `const { getAuthSecret, getEnv } = await import(${JSON.stringify(module)}); process.stdout.write(getAuthSecret(getEnv()));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, DATA_DIR: dir, BETTER_AUTH_SECRET: '', NODE_ENV: 'development' },
  });
  return stdout;
}

let t: TestDb;

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the generated secret', () => {
  it('is made once per data folder, by whichever of two simultaneous starts comes first, kept with mode 600 and reused', async () => {
    const dir = path.join(dataDir, 'fresh');
    const [first, second] = await Promise.all([secretOfANewProcess(dir), secretOfANewProcess(dir)]);
    expect(first).toHaveLength(43); // 32 random bytes, base64url
    expect(second).toBe(first);
    const file = path.join(dir, SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ authSecret: first });
    expect(fs.readdirSync(dir)).toEqual([SECRETS_FILE]); // no temporary file left behind
    expect(await secretOfANewProcess(dir)).toBe(first);
    expect(await secretOfANewProcess(path.join(dataDir, 'another'))).not.toBe(first);
  });

  it('tightens a copy restored with looser permissions, and refuses a damaged file rather than replacing it', async () => {
    const dir = path.join(dataDir, 'restored');
    const secret = await secretOfANewProcess(dir);
    const file = path.join(dir, SECRETS_FILE);
    fs.chmodSync(file, 0o644);
    expect(await secretOfANewProcess(dir)).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, '{"authSecret":');
    await expect(secretOfANewProcess(dir)).rejects.toThrow(/is damaged/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"authSecret":');
  });
});

describe('what the server accepts', () => {
  it('refuses a local payment completion signed with the old constant, and accepts one signed with its stored secret', async () => {
    const post = (event: { payload: string; signature: string }) =>
      call(webhookRoute, '/api/payments/webhook', {
        method: 'POST',
        origin: null,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
    const session = { id: 'cs_test_forged', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_test_forged', metadata: {} };
    const forged = await post(signedEvent('checkout.session.completed', session, { secret: localWebhookSecret(PUBLISHED_DEV_AUTH_SECRET) }));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: { code: 'WEBHOOK_SIGNATURE_INVALID', message: 'Invalid webhook signature' } });
    const stored = storedAuthSecret(dataDir);
    expect(fs.statSync(path.join(dataDir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
    const genuine = await post(signedEvent('customer.created', { id: 'cus_test_1', object: 'customer' }, { secret: localWebhookSecret(stored) }));
    expect(genuine.status).toBe(200);
    expect(genuine.body).toMatchObject({ received: true });
  });

  it('refuses an unsubscribe link signed with the old constant', async () => {
    const user = await signUp('buyer', 'Constant Connie');
    const oneClick = (token: string) =>
      call(unsubscribeRoute.POST, `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        origin: null,
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const forged = await oneClick(createUnsubscribeToken(user.userId, 'tool_update', { secret: PUBLISHED_DEV_AUTH_SECRET }));
    expect(forged.status).toBe(400);
    const genuine = await oneClick(createUnsubscribeToken(user.userId, 'tool_update', { secret: storedAuthSecret(dataDir) }));
    expect(genuine.status).toBe(200);
  });
});
