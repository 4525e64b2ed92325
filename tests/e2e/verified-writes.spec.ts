/**
 * Writes others see need a verified email (issue 29, docs/decisions/052), in Chromium: a new
 * member who has not opened their link sees, on a discussion, the verification notice with
 * 'Resend' where the reply form would be, and counts without vote buttons; 'Resend' mails a new
 * link; they open it from the outbox, come back, and post their reply.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoThreadId, failOnPageErrors, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

/** The thread page's island hydrates when the browser is idle: on a busy machine that can take a while. */
const islandsReady = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });

test('an unverified member sees the verification notice instead of the reply form, verifies from the outbox link, and replies', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const account = await signUpThroughApi(page, baseURL!, { userType: 'community', name: 'Una Unverified' });
  const threadUrl = `/community/${await demoThreadId(page)}`;

  await page.goto(threadUrl);
  await islandsReady(page);
  const notice = page.getByRole('note', { name: 'Verify your email address' });
  await expect(notice).toContainText(`We sent a link to ${account.email}. Open it to reply.`);
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post reply' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Up-vote/ })).toHaveCount(0);

  // 'Resend' mails a new link; the newest one in the outbox is opened.
  await notice.getByRole('button', { name: 'Resend' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Verification email sent' })).toBeVisible();
  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto(threadUrl);
  await islandsReady(page);
  const text = `Thanks, this helped. ${Math.random().toString(36).slice(2, 8)}`;
  await page.getByRole('textbox', { name: 'Reply' }).fill(text);
  await expect(page.getByRole('note', { name: 'Verify your email address' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('Reply posted')).toBeVisible();
  await expect(page.locator('#cm-new-replies li').filter({ hasText: text })).toHaveCount(1);
});
