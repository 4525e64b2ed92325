/**
 * Emails to customers in Chromium (issue 31, docs/decisions/078): the demo creator writes an
 * email to the buyers of their products at /sales/emails, previews it (the server's sanitized
 * HTML), sends a test to themselves, confirms the send with its count, and sees it in the list;
 * the email lands in the outbox for their buyers with List-Unsubscribe and List-Unsubscribe-Post,
 * and its one-click link stops that creator's emails ('Emails from creators' stays on for others);
 * the footer's page says so and offers every creator's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readEmlHeaders } from '@/functions/_shared/mailer';
import { DEMO, failOnPageErrors, hydrated, OUTBOX, readLatestEmail, signIn } from './support';

failOnPageErrors();

/** The raw .eml files in the outbox whose subject is `subject`. */
function emlsWithSubject(subject: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8'))
    .filter((eml) => readEmlHeaders(eml)['subject'] === subject);
}

test('the demo creator emails their buyers; each email is in the outbox with a one-click unsubscribe', async ({ page, baseURL }) => {
  const subject = `Version 2 is out ${Date.now()}`;
  await signIn(page, DEMO.creator, baseURL!);
  await page.goto('/sales');
  await page.getByRole('link', { name: 'Email your customers' }).click();
  await expect(page).toHaveURL(/\/sales\/emails$/);
  await hydrated(page);

  const form = page.getByRole('form', { name: 'Write an email' });
  const to = form.getByLabel('To', { exact: true });
  await to.selectOption('all_products');
  const count = Number((await to.locator('option:checked').textContent())!.match(/\((\d+) recipients?\)/)![1]);
  expect(count).toBeGreaterThan(0);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message (Markdown)').fill('Thank you for buying!\n\n**Version 2** adds ten sequences. <img src=x onerror=alert(1)>');

  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('Version 2');
  await expect(preview).toContainText('<img src=x onerror=alert(1)>');

  await form.getByRole('button', { name: 'Send a test to me' }).click();
  const trial = await readLatestEmail(DEMO.creator.email, new RegExp(`^\\[Test\\] ${subject}$`));
  expect(trial).toContain('Only you got it');

  await form.getByRole('button', { name: `Send to ${count} recipient` }).click();
  await form.getByRole('button', { name: `Yes, send to ${count} recipient` }).click();
  const row = page.getByRole('table', { name: 'Your emails to customers' }).locator('tr', { hasText: subject });
  await expect(row).toBeVisible();
  await expect(form.locator('[data-remaining]')).toContainText('You can send 2 more of 3');

  // The batch job and the deliveries run in the server: one email per buyer, each with the one-click unsubscribe.
  await expect.poll(() => emlsWithSubject(subject).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const headers = readEmlHeaders(emlsWithSubject(subject)[0]!);
  expect(headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[\w.-]+>$/);
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(headers['to']).not.toContain(DEMO.creator.email);

  // The figures: delivered once the outbox wrote them.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh figures' }).click();
        return Number(await row.locator('[data-delivered]').textContent());
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);

  // The one-click unsubscribe (RFC 8058) stops this creator's emails only; 'Emails from creators' stays on.
  const oneClick = headers['list-unsubscribe']!.slice(1, -1);
  const answer = await page.request.post(oneClick, { headers: { Origin: baseURL! } });
  expect(answer.status()).toBe(200);
  const { creatorName } = (await answer.json()) as { creatorName: string };
  expect(await answer.json()).toMatchObject({ kind: 'creator_email', label: 'Emails from creators', scope: 'creator', creatorName: expect.any(String) });

  // The footer's page names the creator, then offers every creator's emails too.
  const text = await readLatestEmail(headers['to']!.replace(/^.*<|>.*$/g, ''), new RegExp(`^${subject}$`));
  await page.goto(text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0]);
  await hydrated(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`You will no longer get emails from ${creatorName}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Stop emails from every creator' }).click();
  await expect(page.getByText('You are unsubscribed from emails from creators.')).toBeVisible();
});
