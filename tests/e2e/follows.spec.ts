/**
 * Follows, tool updates and notifications, and profiles in a real browser (issue 7):
 * follow a tool, its maintainer (the seeded administrator) posts updates, the follower's
 * badge count rises when the tab regains focus, /tool-updates shows them unread, opening one
 * marks it read, 'Mark All as Read' clears the rest and hides the badge; following a creator
 * changes their follower count; an uploaded avatar shows in the header.
 * Runs against the demo data seeded by `npm start`.
 */
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated, signIn, watchPageErrors } from './support';

const ADMIN = { email: 'team@example.com', password: 'toolmint-demo-2026' };
const CREATOR_PROFILE = '/profile/demo-maya-chen';

failOnPageErrors();

/** The island holding `inner` has hydrated (pages with islands that wait until visible). */
async function islandReady(page: Page, inner: ReturnType<Page['locator']>): Promise<void> {
  await expect(page.locator('astro-island:not([ssr])', { has: inner }).first()).toBeAttached();
}

const toast = (page: Page) => page.locator('.toast');
const badge = (page: Page) => page.locator('.desktop-nav [data-unread-badge]');

/** A new account that follows nothing yet, signed in on the page. */
async function signUpFresh(page: Page, baseURL: string, name = 'Fiona Follower'): Promise<{ id: string; email: string }> {
  const email = `follows-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, full_name: name, email, password: 'Str0ng!pass', user_type: 'buyer' },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { id: string } };
  // A sign-up starts no session (docs/decisions/053).
  await signIn(page, { email, password: 'Str0ng!pass' }, baseURL);
  return { id: body.user.id, email };
}

async function asAdmin(browser: Browser, baseURL: string, work: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchPageErrors(page);
  await signIn(page, ADMIN, baseURL);
  await work(page);
  await context.close();
}

async function postUpdate(page: Page, toolId: string, update: { title: string; content: string; type: string; version?: string }) {
  await page.goto(`/tools/${toolId}`);
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Updates', exact: true }) });
  await panel.scrollIntoViewIfNeeded();
  await hydrated(page);
  await panel.getByRole('button', { name: 'Post an update' }).click();
  await panel.getByLabel('Title').fill(update.title);
  await panel.getByLabel('Type').selectOption(update.type);
  if (update.version) await panel.getByLabel('Version').fill(update.version);
  await panel.getByLabel('What changed').fill(update.content);
  await panel.getByRole('button', { name: 'Post update' }).click();
  await expect(toast(page)).toContainText('Update posted');
  await expect(panel.getByRole('heading', { name: update.title })).toBeVisible();
}

const followersOnCard = (page: Page, name: string) =>
  page.locator('article.tool-card', { has: page.getByRole('heading', { name, exact: true }) }).locator('dt:text-is("Followers") + dd');

test.describe('following tools and their updates', () => {
  test('a visitor is asked to log in and nothing is sent', async ({ page }) => {
    await page.goto('/ai-tools');
    const follow = page.getByRole('button', { name: 'Follow n8n' });
    await expect(follow).toBeVisible();
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/follows/tools/') && request.method() !== 'GET') sent = true;
    });
    await follow.click();
    await expect(toast(page)).toContainText('Please log in to follow tools');
    expect(sent).toBe(false);

    await page.goto('/tool-updates');
    await expect(page.getByRole('heading', { name: 'Tool Updates', level: 1 })).toBeVisible();
    await expect(page.locator('.login-prompt').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /^\/auth\?mode=login/);
  });

  test('follow a tool, the maintainer posts, the badge rises, /tool-updates marks them read', async ({ page, browser, baseURL }) => {
    await signUpFresh(page, baseURL!);
    await page.goto('/ai-tools');
    const follow = page.getByRole('button', { name: 'Follow n8n' });
    await expect(follow).toBeEnabled();
    const count = followersOnCard(page, 'n8n');
    await expect(count).toHaveText(/^\d+$/);
    // Wait for the live counts to replace the prebuilt ones before reading.
    await expect(page.locator('[data-follow-tool="n8n"][data-follow-ready]').first()).toBeAttached();
    const before = Number(await count.textContent());
    await follow.click();
    await expect(toast(page)).toContainText('Tool followed successfully');
    await expect(page.getByRole('button', { name: 'Following n8n' })).toBeVisible();
    await expect(count).toHaveText(String(before + 1));
    await expect(badge(page)).toBeHidden();

    // Following twice is harmless: the server answers the same state.
    const again = await page.request.put('/api/follows/tools/n8n', { headers: { Origin: baseURL! } });
    expect(await again.json()).toMatchObject({ following: true, followerCount: before + 1 });

    // A non-maintainer sees no post form.
    await page.goto('/tools/n8n');
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Updates', exact: true }) });
    await panel.scrollIntoViewIfNeeded();
    await hydrated(page);
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Post an update' })).toHaveCount(0);

    const stamp = Date.now();
    const first = `Queue mode dashboards ${stamp}`;
    const second = `Credential redaction in logs ${stamp}`;
    await asAdmin(browser, baseURL!, async (admin) => {
      await postUpdate(admin, 'n8n', {
        title: first,
        type: 'feature',
        version: '2.3.0',
        content: 'Queue mode now has a dashboard that shows workers, waiting executions and failures at a glance.',
      });
      await postUpdate(admin, 'n8n', {
        title: second,
        type: 'security',
        content: 'Credentials are now redacted from execution logs of failed HTTP Request nodes. Rotate keys that appeared in old logs.',
      });
    });

    // The follower's tab regains focus: the badge counts the two new updates. Their notices are
    // written by the fan-out job a moment after each post (docs/decisions/040), so the tab may
    // have to regain focus again (a focus within a second of the last count is not counted).
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(badge(page)).toHaveText('2', { timeout: 1_500 });
    }).toPass({ timeout: 20_000 });

    await page.goto('/tool-updates');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Tool Updates', level: 1 })).toBeVisible();
    await expect(page.getByText('Latest updates from AI tools you follow')).toBeVisible();
    const items = page.locator('.flist > li');
    await expect(items.first()).toContainText(second);
    await expect(items.first()).toContainText('Security');
    await expect(items.nth(1)).toContainText(first);
    await expect(items.nth(1)).toContainText('v2.3.0');
    await expect(page.locator('.fitem.is-unread')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Mark All as Read (2)' })).toBeVisible();

    // Opening one marks it read.
    await page.getByRole('button', { name: new RegExp(first) }).click();
    await expect(page.getByRole('button', { name: 'Mark All as Read (1)' })).toBeVisible();
    await expect(badge(page)).toHaveText('1');

    await page.getByRole('button', { name: 'Mark All as Read (1)' }).click();
    await expect(toast(page)).toContainText('All notifications marked as read');
    await expect(page.getByRole('button', { name: /Mark All as Read/ })).toHaveCount(0);
    await expect(page.locator('.fitem.is-unread')).toHaveCount(0);
    await expect(badge(page)).toBeHidden();

    // Still read after a reload, and the feed of the tool has both updates.
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.fitem.is-unread')).toHaveCount(0);
    await expect(badge(page)).toBeHidden();
    const feed = await page.request.get('/tools/n8n/feed.xml');
    expect(feed.headers()['content-type']).toContain('application/atom+xml');
    const xml = await feed.text();
    expect(xml).toContain(first);
    expect(xml).toContain(second);

    // Unfollow: the count goes back.
    await page.goto('/ai-tools');
    await page.getByRole('button', { name: 'Following n8n' }).click();
    await expect(toast(page)).toContainText('Tool unfollowed');
    await expect(followersOnCard(page, 'n8n')).toHaveText(String(before));
  });
});

test.describe('profiles', () => {
  test('following a creator changes their follower count', async ({ page, baseURL }) => {
    await signUpFresh(page, baseURL!, 'Carl Creatorfan');
    await page.goto(CREATOR_PROFILE);
    await expect(page.getByRole('heading', { name: 'Maya Chen', level: 1 })).toBeVisible();
    await islandReady(page, page.getByRole('button', { name: 'Follow Maya Chen' }));
    await islandReady(page, page.locator('[data-stat="followers"]'));
    const followers = page.locator('[data-stat="followers"] dd');
    const before = Number(await followers.textContent());
    await page.getByRole('button', { name: 'Follow Maya Chen' }).click();
    await expect(toast(page)).toContainText('Following');
    await expect(followers).toHaveText(String(before + 1));
    await expect(page.getByRole('button', { name: 'Following Maya Chen' })).toBeVisible();
    await page.reload();
    await islandReady(page, page.getByRole('button', { name: 'Following Maya Chen' }));
    await expect(followers).toHaveText(String(before + 1));
    await page.getByRole('button', { name: 'Following Maya Chen' }).click();
    await expect(toast(page)).toContainText('Unfollowed');
    await expect(followers).toHaveText(String(before));
  });

  test('an unknown profile is "Profile not found" with status 404', async ({ page }) => {
    const response = await page.goto('/profile/nobody-by-this-id');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await expect(page.getByText("The seller profile you're looking for doesn't exist.")).toBeVisible();
  });

  test('an uploaded avatar shows in the header', async ({ page, baseURL }) => {
    const user = await signUpFresh(page, baseURL!, 'Ava Avatar');
    await page.goto('/profile');
    await islandReady(page, page.getByRole('button', { name: 'Upload photo' }));
    await expect(page.locator('.user-menu .avatar img')).toHaveCount(0);

    // Not an image: refused from the bytes even with an image name.
    await page.getByLabel('Upload a profile picture').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a png') });
    await expect(toast(page)).toContainText('Please select an image file');

    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#0f9f7a' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload a profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page)).toContainText('Avatar uploaded');
    await expect(toast(page)).toContainText('Your profile picture has been updated');
    const headerAvatar = page.locator('.user-menu .avatar img');
    await expect(headerAvatar).toHaveAttribute('src', new RegExp(`/avatars/${user.id}/avatar\\.png\\?v=\\d+$`));
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // The server renders it from then on.
    await page.goto('/ai-tools');
    await expect(page.locator('.user-menu .avatar img')).toHaveAttribute('src', new RegExp(`/avatars/${user.id}/avatar\\.png`));
  });
});
