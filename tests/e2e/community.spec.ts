/**
 * The community (issue 16, docs/decisions/035, 036) in Chromium: a community user starts a
 * question in the Claude space, another replies and mentions them, the first sees the notice in
 * /tool-updates and the header's badge, follows it to the reply and marks it as the answer. The thread page is server-rendered HTML a CDN may keep
 * (Cache-Control, canonical URL, JSON-LD DiscussionForumPosting, in the community sitemap),
 * readable without JavaScript; a failed post keeps the draft in the editor.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated, signUpThroughApi, watchPageErrors } from './support';

failOnPageErrors();

/** The thread page's island hydrates when the browser is idle (at most 2 s after load): on a busy machine that can take a while. */
const islandsReady = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });

async function communityUser(browser: Browser, baseURL: string, name: string, handle?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchPageErrors(page);
  await signUpThroughApi(page, baseURL, { userType: 'community', name, verified: true });
  if (handle) {
    const res = await page.request.put('/api/settings/account/handle', { data: { handle }, headers: { Origin: baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return page;
}

test('a question in the Claude space: started, replied to with a mention, the author notified, the answer marked', async ({ browser, baseURL }) => {
  // Two people, each signing up and loading several pages on a shared machine.
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const handle = `ada-${suffix}`;
  const title = `How do you give Claude a long PDF? ${suffix}`;

  // Ada starts a discussion from the Claude space.
  const ada = await communityUser(browser, baseURL!, 'Ada Asker', handle);
  await ada.goto('/community');
  await ada
    .getByRole('navigation', { name: 'Spaces' })
    .getByRole('link', { name: /^Claude/ })
    .click();
  await expect(ada.getByRole('heading', { level: 1, name: 'Claude' })).toBeVisible();
  await ada.getByRole('link', { name: 'Start a discussion' }).click();
  await hydrated(ada);
  await expect(ada.getByLabel('Space')).toHaveValue('claude');
  // A failed post keeps the draft: the title is too short.
  await ada.getByLabel('Title').fill('PDF?');
  await ada.getByRole('textbox', { name: 'Text' }).fill('I split it by chapter. **What works for you?**');
  await ada.getByRole('button', { name: 'Post discussion' }).click();
  await expect(ada.getByText('The title must be at least 5 characters')).toBeVisible();
  await expect(ada.getByRole('textbox', { name: 'Text' })).toHaveValue('I split it by chapter. **What works for you?**');
  // The preview is the server's render.
  await ada.getByRole('button', { name: 'Preview' }).click();
  await expect(ada.locator('.cm-preview strong')).toHaveText('What works for you?');
  await ada.getByRole('button', { name: 'Write' }).click();
  await ada.getByLabel('Title').fill(title);
  await ada.getByLabel('Tags (optional)').fill('pdf, context');
  await ada.getByRole('radio', { name: /^Question/ }).check();
  await ada.getByRole('button', { name: 'Post discussion' }).click();
  await ada.waitForURL(/\/community\/[0-9a-f-]{36}$/);
  const threadUrl = new URL(ada.url()).pathname;
  await expect(ada.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await islandsReady(ada);
  await expect(ada.getByRole('button', { name: 'Following' })).toBeVisible();

  // Bob replies and mentions her.
  const bob = await communityUser(browser, baseURL!, 'Bob Replier');
  await bob.goto(threadUrl);
  await islandsReady(bob);
  await bob
    .getByRole('button', { name: /Up-vote/ })
    .first()
    .click();
  await expect(bob.getByRole('button', { name: /Up-vote/ }).first()).toHaveAttribute('aria-pressed', 'true');
  await bob.getByRole('textbox', { name: 'Reply' }).fill(`Chapters work, @${handle}. Add a one-line summary of the previous one.`);
  await bob.getByRole('button', { name: 'Post reply' }).click();
  await expect(bob.getByText('Reply posted')).toBeVisible();
  const posted = bob.locator('#cm-new-replies li');
  await expect(posted).toHaveCount(1);
  await expect(posted.getByRole('link', { name: `@${handle}` })).toHaveAttribute('href', `/@${handle}`);
  await expect(bob.getByRole('textbox', { name: 'Reply' })).toHaveValue('');

  // Ada sees it: the badge, then the notice in /tool-updates, which leads to the reply.
  await ada.goto('/tool-updates');
  await hydrated(ada);
  const notice = ada.getByRole('link', { name: `Bob Replier mentioned you in “${title}”` });
  await expect(notice).toBeVisible();
  await expect(ada.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /AI Tools 1 unread/ })).toBeVisible();
  await notice.click();
  await ada.waitForURL((url) => url.pathname === threadUrl && url.hash.startsWith('#reply-'));
  await expect(ada.getByText('Chapters work,')).toBeVisible();
  // The asker marks the reply as the answer; everyone then sees it marked, first.
  await islandsReady(ada);
  await ada.getByRole('button', { name: 'Mark as answer' }).click();
  await expect(ada.getByRole('button', { name: 'Unmark answer' })).toHaveAttribute('aria-pressed', 'true');
  await bob.goto(threadUrl);
  await expect(bob.locator('[data-accepted-pill]')).toBeVisible();
  await ada.context().close();
  await bob.context().close();
});

test('a thread page is HTML a CDN can keep, indexable, readable without JavaScript', async ({ browser, baseURL, request }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const author = await communityUser(browser, baseURL!, 'Iris Indexed');
  const created = await author.request.post('/api/community/threads', {
    headers: { Origin: baseURL! },
    data: { spaceId: 'help', title: `Indexable thread ${suffix}`, body: 'Some `code` and <script>alert(1)</script>' },
  });
  expect(created.status()).toBe(201);
  const thread = (await created.json()) as { id: string; url: string };
  await author.context().close();

  const response = await request.get(thread.url);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  expect(response.headers()['set-cookie']).toBeUndefined();
  const html = await response.text();
  expect(html).toContain(`<link rel="canonical" href="${new URL(thread.url, baseURL).toString()}"`);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  const lds = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!) as Record<string, unknown>[];
  const ld = lds.find((item) => item['@type'] === 'DiscussionForumPosting');
  // The breadcrumbs it shows, for search engines too: Community › its space › the thread.
  expect(lds.find((item) => item['@type'] === 'BreadcrumbList')?.['itemListElement']).toHaveLength(3);
  expect(ld).toMatchObject({ '@type': 'DiscussionForumPosting', headline: `Indexable thread ${suffix}`, author: { name: 'Iris Indexed' } });
  const sitemap = await request.get('/sitemap-community.xml');
  expect(await sitemap.text()).toContain(thread.url);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemap-community.xml');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(thread.url);
  await expect(page.getByRole('heading', { level: 1, name: `Indexable thread ${suffix}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to reply' })).toBeVisible();
  await context.close();

  expect((await request.get('/community/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
  expect((await request.get('/community/no-such-space')).status()).toBe(404);
});
