/**
 * Email notifications in Chromium (issue 18, docs/decisions/041): a buyer follows Claude and sets
 * tool updates to 'Email at once' on /settings/notifications (security updates are at once by
 * default); the seeded administrator posts a security update; the email lands in the server's
 * outbox with an HTML and a plain-text part and the List-Unsubscribe headers of RFC 8058. The
 * footer's unsubscribe page asks, unsubscribes and undoes; then the one-click POST to the URL of
 * the List-Unsubscribe header turns security emails off, and the settings page shows it off.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readEmlHeaders, readEmlHtml, readEmlText } from '@/functions/_shared/mailer';
import { DEMO, failOnPageErrors, hydrated, OUTBOX, signIn, signUpThroughApi, verificationLink, watchPageErrors } from './support';

failOnPageErrors();
// Sign-up, a follow, the settings, an update from another browser, the outbox, the unsubscribe pages: a long story.
test.setTimeout(180_000);

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function asAdmin(browser: Browser, baseURL: string, work: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchPageErrors(page);
  await signIn(page, DEMO.admin, baseURL);
  await work(page);
  await context.close();
}

/** The raw .eml of the newest email to `email` whose subject matches, once the server wrote it. */
async function emlTo(email: string, subject: RegExp): Promise<string> {
  let eml: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(OUTBOX)
          ? fs
              .readdirSync(OUTBOX)
              .filter((f) => f.includes(email.toLowerCase()))
              .sort()
          : [];
        eml = files
          .map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8'))
          .filter((e) => subject.test(e.match(/^Subject: (.*)$/m)?.[1] ?? ''))
          .at(-1);
        return eml;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return eml!;
}

test('a security update of a followed tool is emailed at once, and one click unsubscribes', async ({ page, browser, baseURL }) => {
  const { email } = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Mia Mailbox' });
  await page.goto(await verificationLink(email));

  // Follow Claude.
  await page.goto('/ai-tools');
  await page.getByRole('button', { name: 'Follow Claude' }).click();
  await expect(page.getByRole('button', { name: 'Following Claude' })).toBeVisible();

  // The user menu leads to the notification settings; tool updates at once.
  await page.goto('/settings/notifications');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByLabel('Security updates')).toHaveValue('instant');
  await expect(page.getByLabel('Tool updates')).toHaveValue('daily');
  await expect(page.getByLabel('Weekly digest')).toHaveValue('weekly');
  await page.getByLabel('Tool updates').selectOption({ label: 'Email at once' });
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(toast(page)).toContainText('Notification settings saved');

  // The administrator (Claude's maintainer here) posts a security update.
  const title = `Sandbox escape fixed ${Date.now()}`;
  await asAdmin(browser, baseURL!, async (admin) => {
    await admin.goto('/tools/claude');
    const panel = admin.locator('section', { has: admin.getByRole('heading', { name: 'Updates', exact: true }) });
    await panel.scrollIntoViewIfNeeded();
    // Islands further down the page hydrate when seen: wait for this panel's form, not for every island.
    await expect(async () => {
      await panel.getByRole('button', { name: 'Post an update' }).click();
      await expect(panel.getByLabel('Title')).toBeVisible({ timeout: 1000 });
    }).toPass();
    await panel.getByLabel('Title').fill(title);
    await panel.getByLabel('Type').selectOption('security');
    await panel.getByLabel('What changed').fill('A crafted prompt could escape the sandbox. Update your integrations.');
    await panel.getByRole('button', { name: 'Post update' }).click();
    await expect(toast(admin)).toContainText('Update posted');
  });

  // The email: both parts, absolute links, the one-click headers.
  const eml = await emlTo(email, new RegExp(`^Security update for Claude: ${title}$`));
  const headers = readEmlHeaders(eml);
  const text = readEmlText(eml);
  const html = readEmlHtml(eml);
  expect(eml).toContain('Content-Type: multipart/alternative');
  expect(text).toContain(title);
  expect(html).toContain(title);
  expect(html).toContain(`href="${baseURL}/tools/claude`);
  expect(html).not.toMatch(/<img/i);
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = headers['list-unsubscribe']?.match(/^<(https?:\/\/[^>]+)>$/)?.[1];
  expect(oneClick, headers['list-unsubscribe']).toMatch(new RegExp(`^${baseURL}/api/unsubscribe\\?token=`));
  expect(text).toContain(`${baseURL}/settings/notifications`);

  // The footer's page asks first, then offers Undo.
  const footerLink = text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
  expect(footerLink, text).toBeTruthy();
  await page.goto(footerLink!);
  await hydrated(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed from security updates.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Done: you get security updates again, as before.')).toBeVisible();
  await page.goto('/settings/notifications');
  await expect(page.getByLabel('Security updates')).toHaveValue('instant');

  // The one-click unsubscribe of RFC 8058: a POST from the mail provider, no cookie, no Origin.
  const provider = await browser.newContext();
  const response = await provider.request.post(oneClick!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(response.status(), await response.text()).toBe(200);
  await provider.close();
  // A forged token is refused.
  const forged = await page.request.post(`${oneClick!.slice(0, -4)}AAAA`, { headers: { Origin: baseURL! } });
  expect(forged.status()).toBe(400);

  await page.goto('/settings/notifications');
  await hydrated(page);
  await expect(page.getByLabel('Security updates')).toHaveValue('off');
  await expect(page.getByLabel('Tool updates')).toHaveValue('instant');
});
