/**
 * The AI tools directory, live (issue 17, docs/decisions/038), through the real routes
 * (src/middleware.ts, real sessions, a real database):
 * - the 14 built-in tools are seed rows with their copy, and the pages' readers use the rows;
 * - 'List Your Tools': validation (http(s) URLs with a real host), duplicates by official site
 *   host or name (409 naming the field), the logo through the image pipeline;
 * - the admin queue: approve (the tool is public, followable, in the directory and the sitemap),
 *   ask for changes (the submitter edits and it waits again), reject; the submitter is emailed
 *   either way; only administrators decide;
 * - 'Claim Your Tool' by the email token and by the well-known file served from a local server
 *   (reached through the test-only OUTBOUND_ALLOW_HOSTS), a claim of an owned tool going to the
 *   admin queue, only maintainers editing their tool, co-maintainer invitations, revocation;
 * - each outcome also reaches the people concerned in the app, as a 'tool_notice' in their
 *   notifications with its link (docs/decisions/043), and a product page links its tool from the
 *   tool's row.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { seedReferenceData } from '@/db/seed/reference';
import { getPublicTool, listPublicTools, listToolTypeOptions } from '@/functions/tools/tools.service';
import { isToolMaintainer } from '@/functions/tools/tool-maintainers';
import { canPostUpdate } from '@/functions/tool-updates/tool-updates.service';
import { getMarketplaceFirstPage, getSitemapPagesSource, getToolPageData } from '@/functions/catalogue/catalogue-pages.service';
import { getProductPage } from '@/functions/catalogue/product-page.service';
import { POST as submit } from '@/src/pages/api/tools/index';
import { GET as getOne, PUT as putOne } from '@/src/pages/api/tools/[toolId]/index';
import { POST as claimRoute } from '@/src/pages/api/tools/[toolId]/claims';
import { POST as inviteRoute } from '@/src/pages/api/tools/[toolId]/maintainers';
import { POST as verifyRoute } from '@/src/pages/api/tool-claims/[claimId]/verify';
import { POST as acceptRoute } from '@/src/pages/api/tool-invites/accept';
import { GET as queueRoute } from '@/src/pages/api/admin/tools';
import { POST as reviewRoute } from '@/src/pages/api/admin/tools/[toolId]/review';
import { POST as revokeRoute } from '@/src/pages/api/admin/tools/[toolId]/revoke';
import { GET as claimQueueRoute } from '@/src/pages/api/admin/tool-claims';
import { POST as claimReviewRoute } from '@/src/pages/api/admin/tool-claims/[claimId]/review';
import { PUT as followRoute } from '@/src/pages/api/follows/tools/[toolId]';
import { POST as uploadImage } from '@/src/pages/api/uploads/images';
import { GET as notificationsRoute } from '@/src/pages/api/notifications/index';
import type { ToolNoticeFeedItem } from '@/src/shared/notifications';
import { deliverQueuedEmails } from '../support/emails';
import { call, fileForm, signUp, testMailer, type TestSession } from '../support/api';
import { linkIn } from '../support/mailer';
import { createProduct } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

// A local site that serves the well-known file: the one private address outbound requests may
// reach (OUTBOUND_ALLOW_HOSTS, tests only), over http.
const env = await vi.hoisted(async () => {
  const { execFileSync } = await import('node:child_process');
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  process.env['OUTBOUND_ALLOW_HOSTS'] = `127.0.0.1:${port}`;
  process.env['RATE_LIMIT_SCALE'] = '100';
  return { port };
});

let t: TestDb;
let admin: TestSession;
let alice: TestSession;
let bob: TestSession;
let site: http.Server;
let wellKnownBody = '';

let n = 0;
function tool(overrides: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${n}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: `Answerly ${tag}`,
    officialSite: `https://www.answerly-${tag}.com/`,
    category: 'AI Assistant',
    description: 'An answer engine that cites its sources.',
    longDescription: 'Answerly answers questions with a short written answer and numbered citations, searching the web in real time.',
    pricing: 'Free; Pro $20/month',
    platforms: ['Web', 'iOS'],
    documentationUrl: `https://docs.answerly-${tag}.com`,
    changelogSources: [`https://github.com/answerly/answerly-${tag}/releases.atom`],
    ...overrides,
  };
}

const post = (handler: Parameters<typeof call>[0], path: string, session: TestSession | null, json: unknown, params: Record<string, string> = {}) =>
  call(handler, path, { method: 'POST', session, json, params });
const review = (session: TestSession, toolId: string, json: unknown) => post(reviewRoute, `/api/admin/tools/${toolId}/review`, session, json, { toolId });
const put = (session: TestSession, toolId: string, json: unknown) => call(putOne, `/api/tools/${toolId}`, { method: 'PUT', session, json, params: { toolId } });
const claim = (session: TestSession, toolId: string, json: unknown) => post(claimRoute, `/api/tools/${toolId}/claims`, session, json, { toolId });
const verify = (session: TestSession, claimId: string, json: unknown) => post(verifyRoute, `/api/tool-claims/${claimId}/verify`, session, json, { claimId });

/** The caller's in-app notices about one tool, newest first, as GET /api/notifications answers them (checked against its schema). */
async function toolNotices(session: TestSession, toolId: string): Promise<ToolNoticeFeedItem[]> {
  const feed = await call(notificationsRoute, '/api/notifications?limit=100', { session });
  expect(feed.status).toBe(200);
  return (feed.body.items as { kind: string; toolId?: string }[]).filter((i) => i.kind === 'tool_notice' && i.toolId === toolId) as ToolNoticeFeedItem[];
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  setBlobStore(new LocalBlobStore(`${process.env['TMPDIR'] ?? '/tmp'}/toolmint-tools-${process.pid}`));
  await seedReferenceData(t.db);
  admin = await signUp('buyer', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  alice = await signUp('creator', 'Alice Maker');
  bob = await signUp('buyer', 'Bob Other');
  site = http.createServer((request, response) => {
    if (request.url === '/.well-known/toolmint-verification.txt' && wellKnownBody) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(wellKnownBody);
    } else {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(env.port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
});

describe('the built-in tools are rows', () => {
  it('seeds the 14 tools with their copy, once, and the readers use them', async () => {
    const tools = await listPublicTools(t.db);
    expect(tools).toHaveLength(14);
    const claude = await getPublicTool(t.db, 'claude');
    expect(claude).toMatchObject({ name: 'Claude', category: 'AI Assistant', officialSite: 'https://claude.ai', hasDetailPage: true });
    expect(claude!.features.length).toBeGreaterThan(3);
    expect(claude!.landing.features).toHaveLength(3);
    // A maintainer's edit survives the next start's seed.
    await t.db.updateTable('ai_tools').set({ pricing: 'Edited by its maintainer' }).where('id', '=', 'make').execute();
    await seedReferenceData(t.db);
    expect((await getPublicTool(t.db, 'make'))!.pricing).toBe('Edited by its maintainer');
    const options = await listToolTypeOptions(t.db);
    expect(options.at(-1)).toEqual({ group: 'Other', options: [{ value: 'custom', label: 'Custom / Other' }] });
    expect(options.flatMap((g) => g.options)).toHaveLength(15);
  });

  it('dates each tool’s last update as an ISO 8601 day, from either driver’s reading of a date column', async () => {
    const n8n = await getPublicTool(t.db, 'n8n');
    expect(n8n!.lastUpdate).toBe('2026-11-16');
    for (const tool of await listPublicTools(t.db)) expect(tool.lastUpdate, tool.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('List Your Tools', () => {
  it('needs a session and validates every field: URLs are http(s) with a real host', async () => {
    expect((await post(submit, '/api/tools', null, tool())).status).toBe(401);
    for (const [field, value] of [
      ['officialSite', 'ftp://answerly.com'],
      ['officialSite', 'javascript:alert(1)'],
      ['officialSite', 'https://localhost/'],
      ['officialSite', 'http://10.0.0.1/'],
      ['officialSite', 'https://answerly'],
      ['documentationUrl', 'https://user:pw@docs.answerly.com'],
      ['name', ''],
      ['category', 'Spreadsheets'],
      ['longDescription', 'Too short'],
      ['changelogSources', ['file:///etc/passwd']],
    ] as const) {
      const response = await post(submit, '/api/tools', alice, tool({ [field]: value }));
      expect(response.status, `${field}=${String(value)}`).toBe(400);
      expect(
        Object.keys(response.body.error.fields ?? {}).some((k) => k.startsWith(field)),
        `${field}: ${JSON.stringify(response.body)}`,
      ).toBe(true);
    }
  });

  it('catches duplicates by official site host (www. and case ignored) or by name, with the field, against listed and waiting tools', async () => {
    const claudeSite = await post(submit, '/api/tools', alice, tool({ officialSite: 'https://WWW.Claude.ai/pricing' }));
    expect(claudeSite.status).toBe(409);
    expect(claudeSite.body.error).toMatchObject({ code: 'DUPLICATE_TOOL', fields: { officialSite: expect.stringContaining('claude.ai') } });
    const claudeName = await post(submit, '/api/tools', alice, tool({ name: 'cLaUdE' }));
    expect(claudeName.status).toBe(409);
    expect(claudeName.body.error.fields).toHaveProperty('name');

    const first = await post(submit, '/api/tools', alice, tool({ name: 'Waiting Tool', officialSite: 'https://waiting.dev' }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: 'waiting-tool', status: 'pending', changelogSources: [expect.stringContaining('releases.atom')] });
    expect((await post(submit, '/api/tools', bob, tool({ officialSite: 'https://www.waiting.dev/' }))).status).toBe(409);
    expect((await post(submit, '/api/tools', bob, tool({ name: 'WAITING TOOL' }))).status).toBe(409);
    // Not public while it waits.
    expect(await getPublicTool(t.db, 'waiting-tool')).toBeUndefined();
    expect((await call(followRoute, '/api/follows/tools/waiting-tool', { method: 'PUT', session: bob, params: { toolId: 'waiting-tool' } })).status).toBe(404);
    // A rejected tool's host and name are free again.
    expect((await review(admin, 'waiting-tool', { decision: 'reject', message: 'Not an AI tool.' })).status).toBe(200);
    expect((await post(submit, '/api/tools', bob, tool({ name: 'Waiting Tool', officialSite: 'https://waiting.dev' }))).status).toBe(201);
  });

  it('takes the logo from the image pipeline, and only the submitter’s own upload', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5b3fd6' } })
      .png()
      .toBuffer();
    const uploaded = await call(uploadImage, '/api/uploads/images', {
      method: 'POST',
      session: alice,
      form: fileForm('logo.png', png, 'image/png', { slot: 'main' }),
    });
    expect(uploaded.status).toBe(201);
    const bobs = await post(submit, '/api/tools', bob, tool({ logoUrl: uploaded.body.url }));
    expect(bobs.status).toBe(400);
    expect(bobs.body.error.fields).toHaveProperty('logoUrl');
    const alices = await post(submit, '/api/tools', alice, tool({ logoUrl: uploaded.body.url }));
    expect(alices.status).toBe(201);
    expect(alices.body.logoUrl).toBe(uploaded.body.url);
  });
});

describe('the admin queue', () => {
  it('only administrators see it and decide', async () => {
    const submitted = await post(submit, '/api/tools', alice, tool());
    expect((await call(queueRoute, '/api/admin/tools', { session: alice })).status).toBe(403);
    expect((await review(alice, submitted.body.id, { decision: 'approve' })).status).toBe(403);
    const queue = await call(queueRoute, '/api/admin/tools?limit=100', { session: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((i: { id: string }) => i.id)).toContain(submitted.body.id);
  });

  it('approve: the tool is public, in the directory, the sitemap and the editor options, followable; the submitter is emailed', async () => {
    const submitted = await post(submit, '/api/tools', alice, tool({ name: 'Approved Tool', officialSite: 'https://approved-tool.io' }));
    const id = submitted.body.id as string;
    const approved = await review(admin, id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    await deliverQueuedEmails(t.db);
    expect(testMailer().lastTo(alice.email, /Approved Tool is now in/)).toBeDefined();
    // And in the app: an unread notice that leads to the tool's page.
    expect(await toolNotices(alice, id)).toEqual([
      expect.objectContaining({ toolEvent: 'submission_approved', toolName: 'Approved Tool', isRead: false, note: null, href: `/tools/${id}` }),
    ]);
    expect((await getPublicTool(t.db, id))!.name).toBe('Approved Tool');
    expect((await listPublicTools(t.db)).map((x) => x.id)).toContain(id);
    expect((await getSitemapPagesSource(t.db)).directory.map((x) => x.id)).toContain(id);
    expect((await listToolTypeOptions(t.db)).flatMap((g) => g.options.map((o) => o.value))).toContain(id);
    const followed = await call(followRoute, `/api/follows/tools/${id}`, { method: 'PUT', session: bob, params: { toolId: id } });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ following: true, followerCount: 1 });
    // The tool's pages were asked to be rendered.
    const requests = await t.db.selectFrom('rebuild_requests').select('paths').where('reason', '=', 'tool_changed').execute();
    expect(requests.some((r) => (r.paths as string[]).includes(`/tools/${id}`))).toBe(true);
    // Decided once.
    expect((await review(admin, id, { decision: 'reject', message: 'Too late' })).status).toBe(409);
  });

  it('products built on a tool approved after launch carry its name on their cards, not "AI Tool"', async () => {
    const submitted = await post(submit, '/api/tools', alice, tool({ name: 'Latecomer Tool', officialSite: 'https://latecomer-tool.io' }));
    const id = submitted.body.id as string;
    expect((await review(admin, id, { decision: 'approve' })).status).toBe(200);
    const product = await createProduct(t.db, alice.userId, { title: `Built on Latecomer ${id}`, ai_tool_type: id });
    const builtIn = await createProduct(t.db, alice.userId, { title: `Built on Claude ${id}`, ai_tool_type: 'claude' });
    const custom = await createProduct(t.db, alice.userId, { title: `Built on something else ${id}`, ai_tool_type: 'custom' });
    // The cards' query joins the tool rows: one query for the whole list, the name for each card.
    const cards = (await getMarketplaceFirstPage(t.db)).items;
    const byId = (pid: string) => cards.find((c) => c.id === pid)!;
    expect(byId(product.id)).toMatchObject({ aiToolType: id, aiToolName: 'Latecomer Tool' });
    expect(byId(builtIn.id)).toMatchObject({ aiToolType: 'claude', aiToolName: 'Claude' });
    expect(byId(custom.id)).toMatchObject({ aiToolType: 'custom', aiToolName: 'Custom / Other' });
    // The product page and its 'You might also like' cards, and the tool page's products.
    const page = await getProductPage(t.db, product.id);
    expect(page!.product.aiToolName).toBe('Latecomer Tool');
    // Its product page links the tool, from the tool's row (no built-in list to be missing from).
    expect(page!.product.aiToolHref).toBe(`/tools/${id}`);
    expect((await getProductPage(t.db, builtIn.id))!.product.aiToolHref).toBe('/tools/claude');
    expect((await getProductPage(t.db, custom.id))!.product.aiToolHref).toBeNull();
    // A built-in tool without a detail page links its landing page; a tool not in the directory, nothing.
    const onMake = await createProduct(t.db, alice.userId, { title: `Built on Make ${id}`, ai_tool_type: 'make' });
    expect((await getProductPage(t.db, onMake.id))!.product.aiToolHref).toBe('/tools/make/landing');
    const waiting = await post(submit, '/api/tools', alice, tool({ name: 'Still Waiting Tool', officialSite: 'https://still-waiting-tool.io' }));
    const onWaiting = await createProduct(t.db, alice.userId, { title: `Built on a waiting tool ${id}`, ai_tool_type: waiting.body.id });
    expect((await getProductPage(t.db, onWaiting.id))!.product).toMatchObject({ aiToolName: 'AI Tool', aiToolHref: null });
    expect((await getToolPageData(t.db, id, 6)).products.map((p) => p.aiToolName)).toEqual(['Latecomer Tool']);
  });

  it('asks for changes with a message: the submitter is emailed, edits it, and it waits again', async () => {
    const submitted = await post(submit, '/api/tools', alice, tool());
    const id = submitted.body.id as string;
    expect((await review(admin, id, { decision: 'request_changes' })).status).toBe(400);
    const asked = await review(admin, id, { decision: 'request_changes', message: 'Link the documentation, please.' });
    expect(asked.body).toMatchObject({ status: 'changes_requested', reviewNote: 'Link the documentation, please.' });
    await deliverQueuedEmails(t.db);
    const mail = testMailer().lastTo(alice.email, /Changes requested/);
    expect(mail?.text).toContain('Link the documentation, please.');
    expect(await toolNotices(alice, id)).toEqual([
      expect.objectContaining({ toolEvent: 'submission_changes_requested', note: 'Link the documentation, please.', href: `/ai-tools/submit?tool=${id}` }),
    ]);
    expect((await put(bob, id, tool())).status).toBe(404);
    const edited = await put(alice, id, {
      ...tool(),
      name: submitted.body.name,
      officialSite: submitted.body.officialSite,
      documentationUrl: 'https://docs.example-tool.org',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('pending');
  });

  it('rejects with a reason the submitter reads', async () => {
    const submitted = await post(submit, '/api/tools', alice, tool());
    expect((await review(admin, submitted.body.id, { decision: 'reject' })).status).toBe(400);
    expect((await review(admin, submitted.body.id, { decision: 'reject', message: 'This is a wrapper of another tool.' })).body.status).toBe('rejected');
    await deliverQueuedEmails(t.db);
    expect(testMailer().lastTo(alice.email, /was not added/)?.text).toContain('This is a wrapper of another tool.');
    expect(await toolNotices(alice, submitted.body.id)).toEqual([
      expect.objectContaining({ toolEvent: 'submission_rejected', note: 'This is a wrapper of another tool.', href: '/ai-tools/submit' }),
    ]);
    // Nobody else hears of it.
    expect(await toolNotices(bob, submitted.body.id)).toEqual([]);
    expect((await call(getOne, `/api/tools/${submitted.body.id}`, { session: alice, params: { toolId: submitted.body.id } })).body.status).toBe('rejected');
  });
});

describe('Claim Your Tool', () => {
  it('by email: only an address at the official domain; the emailed token makes the claimant the verified owner', async () => {
    expect((await claim(alice, 'claude', { method: 'email', email: 'alice@gmail.com' })).status).toBe(400);
    const started = await claim(alice, 'claude', { method: 'email', email: 'alice@Claude.ai', organisation: 'Anthropic' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'pending', method: 'email', email: 'alice@claude.ai' });
    await deliverQueuedEmails(t.db);
    const link = linkIn(testMailer().lastTo('alice@claude.ai', /Confirm you maintain Claude/));
    expect(link.pathname).toBe('/ai-tools/claim/verify');
    // Only the claimant, only the token.
    expect((await verify(bob, started.body.id, { token: link.searchParams.get('token') })).status).toBe(404);
    expect((await verify(alice, started.body.id, { token: 'wrong' })).status).toBe(409);
    expect(await isToolMaintainer(t.db, alice.userId, 'claude')).toBe(false);
    const done = await verify(alice, started.body.id, { token: link.searchParams.get('token') });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('verified');
    const claude = await getPublicTool(t.db, 'claude');
    expect(claude).toMatchObject({ isClaimed: true, claimedBy: 'Anthropic' });
    expect(await isToolMaintainer(t.db, alice.userId, 'claude')).toBe(true);
    expect(await canPostUpdate(t.db, alice.userId, 'claude')).toBe(true);
    expect(await toolNotices(alice, 'claude')).toEqual([expect.objectContaining({ toolEvent: 'claim_verified', href: '/ai-tools/manage/claude' })]);
    // The link works once.
    expect((await verify(alice, started.body.id, { token: link.searchParams.get('token') })).status).toBe(409);
  });

  it('by the well-known file, fetched through the SSRF guard from a local server allowed for tests', async () => {
    const origin = `http://127.0.0.1:${env.port}`;
    await t.db
      .insertInto('ai_tools')
      .values({
        id: 'local-tool',
        name: 'Local Tool',
        official_site: `${origin}/`,
        official_site_host: '127.0.0.1',
        status: 'approved',
        category: 'Development',
      })
      .execute();
    const started = await claim(bob, 'local-tool', { method: 'well_known' });
    expect(started.status).toBe(201);
    expect(started.body.wellKnownUrl).toBe(`${origin}/.well-known/toolmint-verification.txt`);
    expect(started.body.challenge).toMatch(/^toolmint-verification=/);
    // Not published yet, then published with something else: refused, with the reason.
    const missing = await verify(bob, started.body.id, {});
    expect(missing.status).toBe(409);
    expect(missing.body.error.message).toContain('404');
    wellKnownBody = 'toolmint-verification=someone-else\n';
    expect((await verify(bob, started.body.id, {})).status).toBe(409);
    wellKnownBody = `# toolmint\n${started.body.challenge}\n`;
    const done = await verify(bob, started.body.id, {});
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('verified');
    expect(await isToolMaintainer(t.db, bob.userId, 'local-tool')).toBe(true);
    expect((await getPublicTool(t.db, 'local-tool'))!.claimedBy).toBe('Bob Other');
  });

  it('a claim of a tool that already has an owner goes to the admin queue', async () => {
    const carol = await signUp('buyer', 'Carol Claimant');
    const started = await claim(carol, 'claude', { method: 'email', email: 'carol@claude.ai' });
    await deliverQueuedEmails(t.db);
    const link = linkIn(testMailer().lastTo('carol@claude.ai', /Confirm/));
    const proven = await verify(carol, started.body.id, { token: link.searchParams.get('token') });
    expect(proven.body.status).toBe('in_review');
    expect(await isToolMaintainer(t.db, carol.userId, 'claude')).toBe(false);
    expect((await call(claimQueueRoute, '/api/admin/tool-claims', { session: carol })).status).toBe(403);
    const queue = await call(claimQueueRoute, '/api/admin/tool-claims', { session: admin });
    expect(queue.body.items.map((c: { id: string }) => c.id)).toContain(started.body.id);
    const rejected = await post(
      claimReviewRoute,
      `/api/admin/tool-claims/${started.body.id}/review`,
      admin,
      { decision: 'reject', message: 'Alice already proved it.' },
      { claimId: started.body.id },
    );
    expect(rejected.body.status).toBe('rejected');
    expect(await isToolMaintainer(t.db, alice.userId, 'claude')).toBe(true);
    await deliverQueuedEmails(t.db);
    expect(testMailer().lastTo(carol.email, /was not accepted/)).toBeDefined();
    expect(await toolNotices(carol, 'claude')).toEqual([
      expect.objectContaining({ toolEvent: 'claim_rejected', note: 'Alice already proved it.', href: '/ai-tools/claim?tool=claude' }),
    ]);
  });

  it('only maintainers edit their tool; co-maintainers join by invitation; an administrator revokes the claim', async () => {
    const claude = await call(getOne, '/api/tools/claude', { session: alice, params: { toolId: 'claude' } });
    expect(claude.status).toBe(200);
    const page = {
      ...tool(),
      name: 'Claude',
      officialSite: 'https://claude.ai',
      category: 'AI Assistant',
      description: 'An AI assistant by Anthropic, edited by its maintainer.',
    };
    expect((await put(bob, 'claude', page)).status).toBe(403);
    expect((await call(getOne, '/api/tools/claude', { session: bob, params: { toolId: 'claude' } })).status).toBe(404);
    const edited = await put(alice, 'claude', page);
    expect(edited.status).toBe(200);
    expect((await getPublicTool(t.db, 'claude'))!.description).toBe('An AI assistant by Anthropic, edited by its maintainer.');
    // Renaming onto another tool's name or site is a duplicate.
    expect((await put(alice, 'claude', { ...page, name: 'ChatGPT' })).status).toBe(409);

    // Bob is invited by email and accepts; then he edits too.
    expect((await post(inviteRoute, '/api/tools/claude/maintainers', bob, { invitee: bob.email }, { toolId: 'claude' })).status).toBe(403);
    const invited = await post(inviteRoute, '/api/tools/claude/maintainers', alice, { invitee: bob.email }, { toolId: 'claude' });
    expect(invited.status).toBe(201);
    await deliverQueuedEmails(t.db);
    const token = linkIn(testMailer().lastTo(bob.email, /invited to maintain Claude/)).searchParams.get('token');
    expect((await post(acceptRoute, '/api/tool-invites/accept', bob, { token: 'nope' })).status).toBe(404);
    const accepted = await post(acceptRoute, '/api/tool-invites/accept', bob, { token });
    expect(accepted.body).toEqual({ toolId: 'claude', userId: bob.userId, role: 'co_maintainer' });
    expect(await isToolMaintainer(t.db, bob.userId, 'claude')).toBe(true);
    expect((await put(bob, 'claude', page)).status).toBe(200);
    // Alice, who invited him, is told in the app.
    expect((await toolNotices(alice, 'claude'))[0]).toMatchObject({ toolEvent: 'maintainer_added', note: 'Bob Other', href: '/ai-tools/manage/claude' });

    // Revoked: neither maintains it, the page is not 'Verified'.
    const revokeAs = (session: TestSession, json: unknown) => post(revokeRoute, '/api/admin/tools/claude/revoke', session, json, { toolId: 'claude' });
    expect((await revokeAs(alice, { reason: 'mine' })).status).toBe(403);
    expect((await revokeAs(admin, {})).status).toBe(400);
    expect((await revokeAs(admin, { reason: 'The domain proof was withdrawn.' })).status).toBe(200);
    expect(await isToolMaintainer(t.db, alice.userId, 'claude')).toBe(false);
    expect(await isToolMaintainer(t.db, bob.userId, 'claude')).toBe(false);
    expect((await put(alice, 'claude', page)).status).toBe(403);
    expect(await getPublicTool(t.db, 'claude')).toMatchObject({ isClaimed: false, claimedBy: null });
    await deliverQueuedEmails(t.db);
    expect(testMailer().lastTo(alice.email, /was revoked/)?.text).toContain('The domain proof was withdrawn.');
    for (const former of [alice, bob]) {
      expect((await toolNotices(former, 'claude'))[0]).toMatchObject({
        toolEvent: 'claim_revoked',
        note: 'The domain proof was withdrawn.',
        href: '/tools/claude',
      });
    }
    // Administrators pass isToolMaintainer for every tool.
    expect(await isToolMaintainer(t.db, admin.userId, 'claude')).toBe(true);
  });
});
