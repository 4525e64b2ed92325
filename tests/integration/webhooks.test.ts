/**
 * Creator webhooks (issue 14, docs/decisions/027 and 060) against a real HTTP receiver on
 * 127.0.0.1, reachable only through the test-only OUTBOUND_ALLOW_HOSTS: registration and its
 * bad input, the SSRF refusals (at registration and again at delivery), signatures that verify
 * with the snippet the panel shows, each delivery's own job retried by pg-boss with backoff
 * (time moved on by making a retry due), a replayed job and two drains at once that send once,
 * a rolled-back change that sends nothing, each event enqueued by its real trigger, and
 * own-only access. Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { checkOutboundUrl, isPublicAddress, outboundFetch, OutboundRefusedError } from '@/functions/_shared/outbound-fetch';
import { refundOrder } from '@/functions/payments/orders.service';
import { enqueue, jobsReady } from '@/functions/jobs';
import { enqueueProductPublished, signWebhook, WEBHOOKS_JOB, type WebhookPayload } from '@/functions/webhooks/deliveries.service';
import { insertDeliveries } from '@/functions/webhooks/webhooks.repository';
import { GET as listRoute, POST as createRoute } from '@/src/pages/api/settings/webhooks/index';
import { DELETE as deleteRoute, PATCH as patchRoute } from '@/src/pages/api/settings/webhooks/[id]/index';
import { GET as deliveriesRoute } from '@/src/pages/api/settings/webhooks/[id]/deliveries';
import { POST as testRoute } from '@/src/pages/api/settings/webhooks/[id]/test';
import { POST as rollRoute } from '@/src/pages/api/settings/webhooks/[id]/roll-secret';
import { PATCH as productStatusRoute, PUT as productPutRoute } from '@/src/pages/api/me/products/[id]';
import { POST as productCreateRoute } from '@/src/pages/api/me/products/index';
import { PUT as reviewRoute } from '@/src/pages/api/reviews/[sellerId]';
import { WEBHOOK_VERIFY_SNIPPET } from '@/src/shared/webhooks';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, ensureCategories, obtainFrom } from '../support/factories';
import { createProductReview, editProductReview } from '@/functions/product-reviews/product-reviews.service';
import { buyLocally, testDeps } from '../support/payments';
import { productExample } from '../support/example-bodies';
import { createTestDb, type TestDb } from '../support/test-db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { jobsOfDelivery, makeRetryDue, sendDueWebhooks } from '../support/webhook-jobs';

// The receiver's port is chosen before the environment is read: it is the one private
// address deliveries may reach (OUTBOUND_ALLOW_HOSTS, tests only).
const env = await vi.hoisted(async () => {
  const { execFileSync } = await import('node:child_process');
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-webhooks-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  process.env['OUTBOUND_ALLOW_HOSTS'] = `127.0.0.1:${port}`;
  process.env['RATE_LIMIT_SCALE'] = '20';
  return { port, dir };
});

let t: TestDb;
let receiver: WebhookReceiver;
let creator: TestSession;
let deps: ReturnType<typeof testDeps>;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const deliveriesOf = (endpointId: string) =>
  t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at').orderBy('id').execute();

async function register(session: TestSession, body: Record<string, unknown>) {
  const response = await call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json: body });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; url: string; secret: string; events: string[] };
}

/** A fresh path on the receiver, so each test reads only its own deliveries. */
let pathCounter = 0;
const freshPath = (name: string) => `/${name}-${++pathCounter}`;

let verify: (rawBody: string, headers: Record<string, unknown>, secret: string) => boolean;

beforeAll(async () => {
  const { port } = env;
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  receiver = await startWebhookReceiver(port);
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Wendy Webhooks');
  deps = testDeps();
  // The snippet shown in /settings/api, run as a receiver would run it.
  const file = path.join(os.tmpdir(), `toolmint-verify-${process.pid}.mjs`);
  fs.writeFileSync(file, `${WEBHOOK_VERIFY_SNIPPET}\nexport { verifyToolmintWebhook };\n`);
  ({ verifyToolmintWebhook: verify } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyToolmintWebhook: typeof verify });
});

beforeEach(async () => {
  // A delivery kicked by a previous test must not land in the next one's receiver counts.
  await sendDueWebhooks(t.db);
});

afterAll(async () => {
  await sendDueWebhooks(t.db);
  await receiver?.close();
  resetAuth();
  await closeDb();
  fs.rmSync(env.dir, { recursive: true, force: true });
});

describe('registering endpoints', () => {
  it('registers an endpoint with a signing secret and lists it; 401 signed out, 403 unverified', async () => {
    const session = await signUp('creator', 'Reg Ister');
    const created = await call(createRoute, '/api/settings/webhooks', {
      method: 'POST',
      session,
      json: { url: receiver.url('/hooks'), description: 'Zapier', events: ['sale.created', 'sale.refunded', 'sale.created'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url('/hooks'), description: 'Zapier', events: ['sale.created', 'sale.refunded'] });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const list = await call(listRoute, '/api/settings/webhooks', { session });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [created.body], nextCursor: null });

    expect((await call(listRoute, '/api/settings/webhooks')).status).toBe(401);
    const unverified = await signUp('creator', 'Una Verified', { verified: false });
    const refused = await call(createRoute, '/api/settings/webhooks', {
      method: 'POST',
      session: unverified,
      json: { url: receiver.url('/x'), events: ['sale.created'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('answers 400 with field messages for bad input, and stores nothing', async () => {
    const session = await signUp('creator', 'Bad Input');
    const bad = async (json: unknown) => call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json });
    const cases: [unknown, string][] = [
      [{ url: receiver.url('/x') }, 'events'],
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), events: ['order.created'] }, 'events.0'],
      [{ url: receiver.url('/x'), events: ['sale.created'], description: 'x'.repeat(201) }, 'description'],
      [{ url: 'not a url', events: ['sale.created'] }, 'url'],
      [{ url: 'ftp://example.com/hook', events: ['sale.created'] }, 'url'],
      [{ events: ['sale.created'] }, 'url'],
      [{ url: receiver.url('/x'), events: ['sale.created'], secret: 'mine' }, '_'],
    ];
    for (const [json, field] of cases) {
      const response = await bad(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    const malformed = await call(createRoute, '/api/settings/webhooks', {
      method: 'POST',
      session,
      body: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await call(listRoute, '/api/settings/webhooks', { session })).body.items).toEqual([]);

    const endpoint = await register(session, { url: receiver.url('/x'), events: ['sale.created'] });
    const params = { id: endpoint.id };
    const path = `/api/settings/webhooks/${endpoint.id}`;
    expect((await call(patchRoute, path, { method: 'PATCH', session, params, json: {} })).status).toBe(400);
    expect((await call(patchRoute, path, { method: 'PATCH', session, params, json: { events: ['nope'] } })).status).toBe(400);
    expect((await call(patchRoute, path, { method: 'PATCH', session, params, json: { colour: 'red' } })).status).toBe(400);
    const badId = await call(patchRoute, '/api/settings/webhooks/not-a-uuid', {
      method: 'PATCH',
      session,
      params: { id: 'not-a-uuid' },
      json: { description: 'x' },
    });
    expect(badId.status).toBe(400);
    const badCursor = await call(deliveriesRoute, `${path}/deliveries?cursor=zzz`, { session, params });
    expect(badCursor.status).toBe(400);
    expect((await call(deliveriesRoute, `${path}/deliveries?limit=0`, { session, params })).status).toBe(400);
    expect((await call(deliveriesRoute, `${path}/deliveries?limit=101`, { session, params })).status).toBe(400);
  });

  it('edits the fields sent, rolls the secret, deletes; caps an account at 10 endpoints', async () => {
    const session = await signUp('creator', 'Ed Itor');
    const endpoint = await register(session, { url: receiver.url('/edit'), description: 'first', events: ['sale.created'] });
    const params = { id: endpoint.id };
    const path = `/api/settings/webhooks/${endpoint.id}`;
    const edited = await call(patchRoute, path, { method: 'PATCH', session, params, json: { events: ['review.created', 'product.published'] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ url: endpoint.url, description: 'first', events: ['review.created', 'product.published'], secret: endpoint.secret });
    const rolled = await call(rollRoute, `${path}/roll-secret`, { method: 'POST', session, params });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^whsec_/);
    expect(rolled.body.secret).not.toBe(endpoint.secret);

    for (let i = 1; i < 10; i++) await register(session, { url: receiver.url(`/edit-${i}`), events: ['sale.created'] });
    const eleventh = await call(createRoute, '/api/settings/webhooks', {
      method: 'POST',
      session,
      json: { url: receiver.url('/edit-11'), events: ['sale.created'] },
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('WEBHOOK_LIMIT_REACHED');

    expect((await call(deleteRoute, path, { method: 'DELETE', session, params })).status).toBe(204);
    expect((await call(deleteRoute, path, { method: 'DELETE', session, params })).status).toBe(404);
    expect((await call(listRoute, '/api/settings/webhooks', { session })).body.items).toHaveLength(9);
  });

  it("answers 404 for another user's endpoint on every route, and changes nothing", async () => {
    const owner = await signUp('creator', 'Owen Owner');
    const other = await signUp('creator', 'Otto Other');
    const endpoint = await register(owner, { url: receiver.url('/own'), events: ['sale.created'] });
    const params = { id: endpoint.id };
    const path = `/api/settings/webhooks/${endpoint.id}`;
    const answers = [
      await call(patchRoute, path, { method: 'PATCH', session: other, params, json: { description: 'mine now' } }),
      await call(deleteRoute, path, { method: 'DELETE', session: other, params }),
      await call(deliveriesRoute, `${path}/deliveries`, { session: other, params }),
      await call(testRoute, `${path}/test`, { method: 'POST', session: other, params }),
      await call(rollRoute, `${path}/roll-secret`, { method: 'POST', session: other, params }),
    ];
    for (const answer of answers) expect(answer.body).toEqual({ error: { code: 'WEBHOOK_NOT_FOUND', message: 'Webhook endpoint not found' } });
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await call(listRoute, '/api/settings/webhooks', { session: other })).body.items).toEqual([]);
    expect((await call(listRoute, '/api/settings/webhooks', { session: owner })).body.items).toEqual([endpoint]);
    expect(receiver.on('/own')).toHaveLength(0);
  });
});

describe('SSRF guard', () => {
  let session: TestSession;
  beforeAll(async () => {
    session = await signUp('creator', 'Sid Ssrf');
  });

  const refused = [
    ['http://example.com/hook', 'The URL must start with https://'],
    ['https://user:secret@example.com/hook', 'The URL must not contain a user name or password'],
    ['https://127.0.0.1/hook', 'The URL points to a private or reserved address'],
    ['https://127.1/hook', 'The URL points to a private or reserved address'],
    ['https://2130706433/hook', 'The URL points to a private or reserved address'],
    ['https://10.0.0.8/hook', 'The URL points to a private or reserved address'],
    ['https://172.16.5.4/hook', 'The URL points to a private or reserved address'],
    ['https://192.168.1.20/hook', 'The URL points to a private or reserved address'],
    ['https://169.254.169.254/latest/meta-data/', 'The URL points to a private or reserved address'],
    ['https://100.64.0.1/hook', 'The URL points to a private or reserved address'],
    ['https://0.0.0.0/hook', 'The URL points to a private or reserved address'],
    ['https://224.0.0.1/hook', 'The URL points to a private or reserved address'],
    ['https://[::1]/hook', 'The URL points to a private or reserved address'],
    ['https://[::]/hook', 'The URL points to a private or reserved address'],
    ['https://[fc00::1]/hook', 'The URL points to a private or reserved address'],
    ['https://[fd00:ec2::254]/latest/meta-data/', 'The URL points to a private or reserved address'],
    ['https://[fe80::1]/hook', 'The URL points to a private or reserved address'],
    ['https://[::ffff:127.0.0.1]/hook', 'The URL points to a private or reserved address'],
    ['https://[::ffff:a9fe:a9fe]/hook', 'The URL points to a private or reserved address'],
    // A name that resolves (through /etc/hosts, no network needed) to loopback.
    ['https://localhost/hook', 'The URL points to a private or reserved address'],
  ] as const;

  it.each(refused)('refuses %s with 400 on url', async (url, message) => {
    const response = await call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json: { url, events: ['sale.created'] } });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'VALIDATION_FAILED', message, fields: { url: message } });
  });

  it('refuses cloud metadata host names and names that do not resolve', async () => {
    for (const url of ['https://metadata.google.internal/computeMetadata/v1/', 'https://metadata/latest', 'https://no-such-host.invalid/hook']) {
      const response = await call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json: { url, events: ['sale.created'] } });
      expect(response.status, url).toBe(400);
      expect(response.body.error.fields.url, url).toMatch(/private or reserved address|could not be found/);
    }
    expect((await call(listRoute, '/api/settings/webhooks', { session })).body.items).toEqual([]);
  });

  it('allows the test receiver only by its exact host:port, and http only there', async () => {
    const elsewhere = `127.0.0.1:${receiver.port === 65535 ? 65534 : receiver.port + 1}`;
    for (const url of [`http://${elsewhere}/hook`, `https://${elsewhere}/hook`, `http://localhost:${receiver.port}/hook`]) {
      const response = await call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json: { url, events: ['sale.created'] } });
      expect(response.status, url).toBe(400);
    }
    expect(
      (await call(createRoute, '/api/settings/webhooks', { method: 'POST', session, json: { url: receiver.url('/ok'), events: ['sale.created'] } })).status,
    ).toBe(201);
  });

  it('refuses a host name that resolves to a private address, and accepts one that resolves to a public one', async () => {
    const policy = (address: string) => ({ allowHosts: [], lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }] });
    for (const address of ['10.1.2.3', '192.168.0.7', '127.0.0.1', '169.254.169.254', '::1', 'fd12::1', '::ffff:10.0.0.1']) {
      await expect(checkOutboundUrl('https://hooks.example.com/x', policy(address)), address).rejects.toThrow(
        'The URL points to a private or reserved address',
      );
    }
    // One private address among public ones is enough to refuse.
    const mixed = {
      allowHosts: [],
      lookup: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    };
    await expect(checkOutboundUrl('https://hooks.example.com/x', mixed)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(checkOutboundUrl('https://hooks.example.com/x', policy('93.184.215.14'))).resolves.toBeInstanceOf(URL);
    expect(['8.8.8.8', '2606:4700::1111'].every(isPublicAddress)).toBe(true);
    expect(['10.0.0.1', '::ffff:8.8.8.8', '2002:a00:1::', 'not an ip'].some(isPublicAddress)).toBe(false);
  });

  it('checks again at delivery: a name that now resolves privately is never connected to', async () => {
    // DNS rebinding: the connection's own lookup answers a private address.
    const rebound = { allowHosts: [], lookup: async () => [{ address: '127.0.0.1', family: 4 }] };
    const before = receiver.received.length;
    await expect(outboundFetch(`https://rebind.example.com:${receiver.port}/x`, { policy: rebound })).rejects.toThrow('private or reserved address');
    // An endpoint saved while allowed whose address is no longer allowed when its delivery's job runs.
    const endpoint = await register(session, { url: receiver.url(freshPath('recheck')), events: ['product.published'] });
    const elsewhere = `http://127.0.0.1:${receiver.port === 65535 ? 65534 : receiver.port + 1}/recheck`;
    await t.db.updateTable('webhook_endpoints').set({ url: elsewhere }).where('id', '=', endpoint.id).execute();
    const product = await createProduct(t.db, session.userId, { status: 'draft' });
    const published = await call(productStatusRoute, `/api/me/products/${product.id}`, {
      method: 'PATCH',
      session,
      params: { id: product.id },
      json: { status: 'published' },
    });
    expect(published.status).toBe(200);
    expect(await sendDueWebhooks(t.db)).toMatchObject({ completed: 0, failed: 1 });
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    // Only the allowed host:port may be reached over http: this one is refused before any connection.
    expect(row!.last_response_snippet).toBe('Refused: The URL must start with https://');
    expect(receiver.received.length).toBe(before);
    await call(deleteRoute, `/api/settings/webhooks/${endpoint.id}`, { method: 'DELETE', session, params: { id: endpoint.id } });
  });

  it('does not follow redirects unless asked, and checks every hop when asked', async () => {
    const hop = freshPath('redirect');
    const target = freshPath('target');
    receiver.answer(target, { status: 200, body: 'arrived' });
    // Another local server: private, and not the allowed host:port.
    const server = await startWebhookReceiver();
    try {
      receiver.answer(hop, { status: 307, headers: { location: `http://127.0.0.1:${server.port}/internal` } });
      const notFollowed = await outboundFetch(receiver.url(hop));
      expect(notFollowed.status).toBe(307);
      await expect(outboundFetch(receiver.url(hop), { maxRedirects: 3 })).rejects.toBeInstanceOf(OutboundRefusedError);
      expect(server.received).toHaveLength(0);
      receiver.answer(hop, { status: 302, headers: { location: target } });
      const followed = await outboundFetch(receiver.url(hop), { maxRedirects: 1 });
      expect(followed).toMatchObject({ status: 200, url: receiver.url(target) });
      expect(followed.body.toString()).toBe('arrived');
    } finally {
      await server.close();
    }
  });

  it('caps the answer it reads and gives up at the deadline', async () => {
    const big = freshPath('big');
    receiver.answer(big, { status: 200, body: 'x'.repeat(200_000) });
    const capped = await outboundFetch(receiver.url(big), { maxResponseBytes: 1000 });
    expect(capped.body.length).toBe(1000);
    expect(capped.truncated).toBe(true);
    const slow = freshPath('slow');
    receiver.answer(slow, { status: 200, body: 'late', delayMs: 1500 });
    const started = Date.now();
    await expect(outboundFetch(receiver.url(slow), { timeoutMs: 300 })).rejects.toThrow('Timed out');
    expect(Date.now() - started).toBeLessThan(1400);
  });
});

describe('delivery', () => {
  it('signs a test ping so that the documented snippet verifies it, and lists the answer', async () => {
    const hook = freshPath('ping');
    receiver.answer(hook, { status: 200, body: '{"received":true}' });
    const endpoint = await register(creator, { url: receiver.url(hook), events: ['sale.created'] });
    const params = { id: endpoint.id };
    const ping = await call(testRoute, `/api/settings/webhooks/${endpoint.id}/test`, { method: 'POST', session: creator, params });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ event: 'webhook.test', status: 'delivered', attempts: 1, lastStatusCode: 200, lastResponse: '{"received":true}' });
    const [request] = receiver.on(hook);
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['toolmint-webhook-id']).toBe(ping.body.eventId);
    expect(request!.headers['toolmint-signature']).toBe(signWebhook(endpoint.secret, Number(request!.headers['toolmint-webhook-timestamp']), request!.body));
    expect(verify(request!.body, request!.headers, endpoint.secret)).toBe(true);
    expect(verify(request!.body.replace('ping', 'pong'), request!.headers, endpoint.secret)).toBe(false);
    expect(verify(request!.body, request!.headers, 'whsec_wrong')).toBe(false);
    const payload = JSON.parse(request!.body) as WebhookPayload;
    expect(payload).toMatchObject({ id: ping.body.eventId, type: 'webhook.test', data: { object: { object: 'ping', endpointId: endpoint.id } } });

    const listed = await call(deliveriesRoute, `/api/settings/webhooks/${endpoint.id}/deliveries`, { session: creator, params });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [ping.body], nextCursor: null });

    // After rolling the secret, the next delivery is signed with the new one only.
    const rolled = await call(rollRoute, `/api/settings/webhooks/${endpoint.id}/roll-secret`, { method: 'POST', session: creator, params });
    await call(testRoute, `/api/settings/webhooks/${endpoint.id}/test`, { method: 'POST', session: creator, params });
    const second = receiver.on(hook)[1]!;
    expect(verify(second.body, second.headers, rolled.body.secret)).toBe(true);
    expect(verify(second.body, second.headers, endpoint.secret)).toBe(false);
  });

  it('records a failed test ping with the answer and does not retry it', async () => {
    const hook = freshPath('ping-fail');
    receiver.answer(hook, { status: 503, body: 'down for maintenance' });
    const endpoint = await register(creator, { url: receiver.url(hook), events: ['sale.created'] });
    const ping = await call(testRoute, `/api/settings/webhooks/${endpoint.id}/test`, { method: 'POST', session: creator, params: { id: endpoint.id } });
    expect(ping.body).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 503, lastResponse: 'down for maintenance', nextAttemptAt: null });
    // Sent in the request, and no job of its own to retry it.
    expect(await jobsOfDelivery(t.db, ping.body.id)).toEqual([]);
    await sendDueWebhooks(t.db);
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(receiver.on(hook)).toHaveLength(1);
  });

  it("retries through its job with pg-boss's backoff (1 to 2 min, doubling, at most 6 h) and marks the delivery failed after the 12th attempt", async () => {
    const hook = freshPath('retry');
    receiver.answer(hook, { status: 500, body: 'boom' });
    const session = await signUp('creator', 'Rita Retry');
    const endpoint = await register(session, { url: receiver.url(hook), events: ['product.published'] });
    const product = await createProduct(t.db, session.userId, { status: 'draft', title: 'Retry me' });
    const published = await call(productStatusRoute, `/api/me/products/${product.id}`, {
      method: 'PATCH',
      session,
      params: { id: product.id },
      json: { status: 'published' },
    });
    expect(published.status).toBe(200);
    // The request answered with the delivery recorded and its job waiting, nothing sent.
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await jobsOfDelivery(t.db, row!.id)).toEqual([expect.objectContaining({ state: 'created' })]);
    expect(receiver.on(hook)).toHaveLength(0);

    const listed = async () =>
      (await call(deliveriesRoute, `/api/settings/webhooks/${endpoint.id}/deliveries`, { session, params: { id: endpoint.id } })).body.items[0];
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const before = Date.now();
      expect(await sendDueWebhooks(t.db), `attempt ${attempt}`).toMatchObject({ completed: 0, failed: 1 });
      [row] = await deliveriesOf(endpoint.id);
      const [job, ...more] = await jobsOfDelivery(t.db, row!.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ attempts: attempt, last_status_code: 500, last_response_snippet: 'boom', delivered_at: null });
      if (attempt < 12) {
        expect(row!.status).toBe('pending');
        expect(job).toMatchObject({ state: 'retry', retryCount: attempt - 1 });
        waits.push(job!.startAfter.getTime() - before);
        // The studio shows when pg-boss will try again; until then a drain sends nothing.
        expect(await listed()).toMatchObject({ status: 'pending', attempts: attempt, nextAttemptAt: job!.startAfter.toISOString() });
        expect(await sendDueWebhooks(t.db)).toMatchObject({ completed: 0, failed: 0 });
        await makeRetryDue(t.db, row!.id);
      } else {
        expect(row!.status).toBe('failed');
        // Kept as failed, with why, for the administrators' jobs page.
        expect(job).toMatchObject({ state: 'failed', retryCount: 11 });
        expect(await listed()).toMatchObject({ status: 'failed', attempts: 12, nextAttemptAt: null });
      }
    }
    // The n-th retry waits 2^(n-1) to 2^n minutes (pg-boss's jitter), capped at 6 hours.
    waits.forEach((wait, i) => {
      expect(wait, `retry ${i + 1}`).toBeGreaterThanOrEqual(Math.min(MINUTE * 2 ** i, 6 * HOUR) - 1000);
      expect(wait, `retry ${i + 1}`).toBeLessThanOrEqual(Math.min(MINUTE * 2 ** (i + 1), 6 * HOUR) + 10_000);
    });
    // So the last attempt falls 20.5 to 26.5 hours after the first: about the old 24 hours.
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20.5 * HOUR - 15_000);
    expect(total).toBeLessThan(26.5 * HOUR + 120_000);

    // Nothing runs it again, and every attempt carried the same event id and a valid signature.
    await sendDueWebhooks(t.db);
    const requests = receiver.on(hook);
    expect(requests).toHaveLength(12);
    expect(new Set(requests.map((r) => r.headers['toolmint-webhook-id']))).toEqual(new Set([row!.event_id]));
    for (const r of requests) {
      expect(r.headers['toolmint-signature']).toBe(signWebhook(endpoint.secret, Number(r.headers['toolmint-webhook-timestamp']), r.body));
    }
  });

  it('reaches a receiver that fails and then recovers: pg-boss retried the job, and the row shows each attempt', async () => {
    const hook = freshPath('recover');
    let calls = 0;
    receiver.answer(hook, () => (++calls < 3 ? { status: 502, body: 'bad gateway' } : { status: 204 }));
    const session = await signUp('creator', 'Rex Recover');
    const endpoint = await register(session, { url: receiver.url(hook), events: ['product.published'] });
    const product = await createProduct(t.db, session.userId, { status: 'draft' });
    await call(productStatusRoute, `/api/me/products/${product.id}`, { method: 'PATCH', session, params: { id: product.id }, json: { status: 'published' } });
    await sendDueWebhooks(t.db);
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 502, last_response_snippet: 'bad gateway' });
    await makeRetryDue(t.db, row!.id);
    await sendDueWebhooks(t.db);
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 502 });
    await makeRetryDue(t.db, row!.id);
    expect(await sendDueWebhooks(t.db)).toMatchObject({ completed: 1, failed: 0 });
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 204, last_response_snippet: '', last_error: null });
    expect(row!.delivered_at).not.toBeNull();
    // One job, run three times: the retries were pg-boss's.
    expect(await jobsOfDelivery(t.db, row!.id)).toEqual([expect.objectContaining({ state: 'completed', retryCount: 2 })]);
    const listed = await call(deliveriesRoute, `/api/settings/webhooks/${endpoint.id}/deliveries`, { session, params: { id: endpoint.id } });
    expect(listed.body.items).toEqual([expect.objectContaining({ status: 'delivered', attempts: 3, lastStatusCode: 204, nextAttemptAt: null })]);
    await sendDueWebhooks(t.db);
    expect(receiver.on(hook)).toHaveLength(3);
  });

  it('sends a delivery once when its job is replayed, and refuses a second job while the first waits', async () => {
    const hook = freshPath('replay');
    receiver.answer(hook, { status: 200, body: 'ok' });
    const session = await signUp('creator', 'Ray Replay');
    const endpoint = await register(session, { url: receiver.url(hook), events: ['product.published'] });
    const product = await createProduct(t.db, session.userId, { status: 'draft' });
    await call(productStatusRoute, `/api/me/products/${product.id}`, { method: 'PATCH', session, params: { id: product.id }, json: { status: 'published' } });
    const [row] = await deliveriesOf(endpoint.id);
    // One job per delivery waiting or running: a second is dropped.
    expect(await enqueue(t.db, WEBHOOKS_JOB, { deliveryId: row!.id }, { singletonKey: row!.id })).toBeNull();
    await sendDueWebhooks(t.db);
    expect(receiver.on(hook)).toHaveLength(1);
    // Its job again once it has run (a worker that died before reporting it done, an event replayed): it runs, and sends nothing.
    expect(await enqueue(t.db, WEBHOOKS_JOB, { deliveryId: row!.id }, { singletonKey: row!.id })).toEqual(expect.any(String));
    expect(await sendDueWebhooks(t.db)).toMatchObject({ completed: 1, failed: 0 });
    expect(receiver.on(hook)).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
  });

  /** A published product as the webhook event reads it (the event is recorded, the product need not exist). */
  const publishedProduct = (creatorId: string, title: string) => ({
    id: crypto.randomUUID(),
    creator_id: creatorId,
    title,
    short_description: null,
    price: 19,
    pricing_model: 'one_time',
    category_id: null,
    published_at: new Date(),
  });

  it('never sends a delivery recorded in a transaction that rolls back', async () => {
    const hook = freshPath('rolled-back');
    receiver.answer(hook, { status: 200 });
    const session = await signUp('creator', 'Rolf Rollback');
    const endpoint = await register(session, { url: receiver.url(hook), events: ['product.published'] });
    await jobsReady(t.db);
    const jobsBefore = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${WEBHOOKS_JOB}`.execute(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await enqueueProductPublished(trx, publishedProduct(session.userId, 'Never published'))).toEqual(expect.any(String));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    const jobsAfter = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${WEBHOOKS_JOB}`.execute(t.db);
    expect(jobsAfter.rows[0]!.n).toBe(jobsBefore.rows[0]!.n);
    expect(await sendDueWebhooks(t.db)).toMatchObject({ completed: 0, failed: 0 });
    expect(receiver.on(hook)).toHaveLength(0);
  });

  it('sends each delivery once when two drains run at once', async () => {
    const hook = freshPath('concurrent');
    receiver.answer(hook, { status: 200, body: 'ok', delayMs: 20 });
    const session = await signUp('creator', 'Cora Concurrent');
    const endpoint = await register(session, { url: receiver.url(hook), events: ['product.published'] });
    await jobsReady(t.db);
    const eventIds = await t.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) ids.push((await enqueueProductPublished(trx, publishedProduct(session.userId, `Product ${i}`)))!);
      return ids;
    });
    const runs = await Promise.all([sendDueWebhooks(t.db), sendDueWebhooks(t.db)]);
    // Both took deliveries (each waits on the receiver while the other fetches the next job), none the same.
    expect(runs.map((r) => r.completed > 0)).toEqual([true, true]);
    expect(runs[0].completed + runs[1].completed).toBe(30);
    expect(runs[0].failed + runs[1].failed).toBe(0);
    const sent = receiver.on(hook).map((r) => r.headers['toolmint-webhook-id']);
    expect(sent).toHaveLength(30);
    expect(new Set(sent)).toEqual(new Set(eventIds));
    expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('pages deliveries newest first without a gap or a duplicate', async () => {
    const session = await signUp('creator', 'Paige Pager');
    const endpoint = await register(session, { url: receiver.url(freshPath('pages')), events: ['sale.created'] });
    // Rows without a job: listed, never sent.
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const [id] = await insertDeliveries(t.db, [{ endpointId: endpoint.id, eventId: crypto.randomUUID(), eventType: 'sale.created', payload: '{}' }]);
      ids.push(id!);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=10&cursor=${encodeURIComponent(cursor)}` : '?limit=10';
      const page = await call(deliveriesRoute, `/api/settings/webhooks/${endpoint.id}/deliveries${query}`, { session, params: { id: endpoint.id } });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(10);
      seen.push(...page.body.items.map((d: { id: string }) => d.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set(ids));
  });
});

describe('events, each from its real trigger', () => {
  let session: TestSession;
  let hook: string;
  let endpointId: string;
  let secret: string;

  beforeAll(async () => {
    session = await signUp('creator', 'Eve Events');
    hook = freshPath('events');
    const endpoint = await register(session, {
      url: receiver.url(hook),
      events: ['sale.created', 'sale.refunded', 'product.published', 'review.created'],
    });
    endpointId = endpoint.id;
    secret = endpoint.secret;
  });

  async function eventsSent(): Promise<WebhookPayload[]> {
    await sendDueWebhooks(t.db);
    return receiver.on(hook).map((r) => {
      expect(verify(r.body, r.headers, secret)).toBe(true);
      return JSON.parse(r.body) as WebhookPayload;
    });
  }

  it('sale.created when an order is paid, sale.refunded when it is refunded', async () => {
    const product = await createProduct(t.db, session.userId, {
      title: 'Prompt pack',
      price: 79,
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'SECRET',
    });
    const buyer = await signUp('buyer', 'Bea Buyer');
    const before = (await eventsSent()).length;
    const orderId = await buyLocally(t.db, deps, { id: buyer.userId, email: buyer.email }, product.id);
    const sale = (await eventsSent()).slice(before);
    expect(sale).toHaveLength(1);
    expect(sale[0]).toMatchObject({
      type: 'sale.created',
      data: {
        object: {
          object: 'sale',
          id: orderId,
          status: 'paid',
          kind: 'one_time',
          product: { id: product.id, title: 'Prompt pack' },
          buyer: { name: 'Bea Buyer' },
          amountCents: 7900,
          feeCents: 1185,
          netCents: 6715,
          currency: 'usd',
          refundedAt: null,
        },
      },
    });
    expect(sale[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    // No buyer email, content or payment references in what leaves the platform.
    expect(JSON.stringify(sale[0])).not.toMatch(new RegExp(`${buyer.email}|SECRET|pi_|cs_test`));

    await refundOrder(t.db, deps, buyer.userId, orderId);
    const refund = (await eventsSent()).slice(before + 1);
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ type: 'sale.refunded', data: { object: { id: orderId, status: 'refunded', amountCents: 7900 } } });
    expect(refund[0]!.data.object['refundedAt']).toEqual(expect.any(String));
    expect(refund[0]!.id).not.toBe(sale[0]!.id);
  });

  it('product.published when a product becomes published, not when a published product is edited', async () => {
    const before = (await eventsSent()).length;
    const created = await call(productCreateRoute, '/api/me/products', {
      method: 'POST',
      session,
      json: { ...productExample(), status: 'draft', title: 'Draft first' },
    });
    expect(created.status).toBe(201);
    expect(await eventsSent()).toHaveLength(before);
    const id = created.body.id as string;
    const published = await call(productStatusRoute, `/api/me/products/${id}`, { method: 'PATCH', session, params: { id }, json: { status: 'published' } });
    expect(published.status).toBe(200);
    const edited = await call(productPutRoute, `/api/me/products/${id}`, {
      method: 'PUT',
      session,
      params: { id },
      json: { ...productExample(), title: 'Draft first, edited' },
    });
    expect(edited.status).toBe(200);
    const direct = await call(productCreateRoute, '/api/me/products', { method: 'POST', session, json: { ...productExample(), title: 'Published at once' } });
    expect(direct.status).toBe(201);
    // Sent by one run of the sender, a few at a time: in no particular order (receivers go by the event's id).
    const sent = (await eventsSent()).slice(before).sort((a, b) => String(a.data.object['title']).localeCompare(String(b.data.object['title'])));
    expect(sent.map((e) => [e.type, e.data.object['id'], e.data.object['title']])).toEqual([
      ['product.published', id, 'Draft first'],
      ['product.published', direct.body.id, 'Published at once'],
    ]);
    expect(sent[0]!.data.object).toMatchObject({ status: 'published', priceCents: 1900, url: expect.stringMatching(new RegExp(`/product/${id}$`)) });
  });

  it('review.created when a review is posted, not when it is edited', async () => {
    const before = (await eventsSent()).length;
    const reviewer = await signUp('buyer', 'Rae Reviewer');
    const params = { sellerId: session.userId };
    // Only someone who got one of the seller's products reviews them (issue 15).
    const kit = await obtainFrom(t.db, reviewer.userId, session.userId);
    const posted = await call(reviewRoute, `/api/reviews/${session.userId}`, {
      method: 'PUT',
      session: reviewer,
      params,
      json: { rating: 4, text: 'Solid prompts.' },
    });
    expect(posted.status).toBe(201);
    const edited = await call(reviewRoute, `/api/reviews/${session.userId}`, {
      method: 'PUT',
      session: reviewer,
      params,
      json: { rating: 5, text: 'Even better.' },
    });
    expect(edited.status).toBe(200);
    const sent = (await eventsSent()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'review.created',
      data: {
        object: {
          object: 'review',
          id: posted.body.review.id,
          sellerId: session.userId,
          rating: 4,
          text: 'Solid prompts.',
          reviewer: { id: reviewer.userId, name: 'Rae Reviewer' },
        },
      },
    });
    expect(sent[0]!.data.object).not.toHaveProperty('product');

    // A product review is the same event, naming the product (docs/decisions/029); its edit is not an event.
    const created = await createProductReview(t.db, reviewer.userId, kit.id, { rating: 5, text: 'The kit saved me a day.' });
    await editProductReview(t.db, reviewer.userId, created.review.id, { rating: 4, text: 'The kit saved me half a day.' });
    const more = (await eventsSent()).slice(before + 1);
    expect(more).toHaveLength(1);
    expect(more[0]).toMatchObject({
      type: 'review.created',
      data: {
        object: {
          object: 'review',
          id: created.review.id,
          sellerId: session.userId,
          rating: 5,
          text: 'The kit saved me a day.',
          reviewer: { id: reviewer.userId, name: 'Rae Reviewer' },
          verifiedPurchase: false,
          product: { id: kit.id, title: 'Free starter kit' },
        },
      },
    });
  });

  it('enqueues only for subscribed endpoints of the right creator, in the change’s transaction', async () => {
    const other = await signUp('creator', 'Nora Nosub');
    const salesOnly = await register(other, { url: receiver.url(freshPath('sales-only')), events: ['sale.created'] });
    const product = await createProduct(t.db, other.userId, { status: 'draft' });
    await call(productStatusRoute, `/api/me/products/${product.id}`, {
      method: 'PATCH',
      session: other,
      params: { id: product.id },
      json: { status: 'published' },
    });
    await sendDueWebhooks(t.db);
    expect(await deliveriesOf(salesOnly.id)).toEqual([]);
    // A publish that is refused (an unverified creator) writes no delivery either.
    const unverified = await signUp('creator', 'Una Verified', { verified: false });
    await t.db
      .insertInto('webhook_endpoints')
      .values({ user_id: unverified.userId, url: receiver.url('/never'), events: ['product.published'], secret: 'whsec_x' })
      .execute();
    const draft = await createProduct(t.db, unverified.userId, { status: 'draft' });
    const refused = await call(productStatusRoute, `/api/me/products/${draft.id}`, {
      method: 'PATCH',
      session: unverified,
      params: { id: draft.id },
      json: { status: 'published' },
    });
    expect(refused.status).toBe(403);
    const rows = await t.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select('webhook_deliveries.id')
      .where('webhook_endpoints.user_id', '=', unverified.userId)
      .execute();
    expect(rows).toEqual([]);
    expect((await deliveriesOf(endpointId)).every((d) => d.status === 'delivered')).toBe(true);
  });
});
