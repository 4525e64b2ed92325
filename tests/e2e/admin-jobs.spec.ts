/**
 * /admin/jobs in Chromium (docs/decisions/044): the administrator reaches it from the admin
 * navigation of /admin/reports and sees the failed jobs, the failed emails and the suppressed
 * addresses (the lists, Retry and Send again themselves are tested against both databases in
 * tests/integration/admin-jobs.test.ts); the retry routes answer through the real server; anyone
 * else gets the 404 page.
 */
import { expect, test } from '@playwright/test';
import { DEMO, failOnPageErrors, signIn } from './support';

failOnPageErrors();

test('an administrator opens Jobs and email from the admin navigation', async ({ page, baseURL }) => {
  await signIn(page, DEMO.admin, baseURL!);
  await page.goto('/admin/reports');
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Jobs and email' }).click();

  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs and email' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Jobs and email' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Failed jobs', 'Emails that failed', 'Suppressed addresses']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }

  // The Retry route, through the server's middleware (origin check, write limit, admin check).
  const unknown = await page.request.post('/api/admin/jobs/0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f/retry', { headers: { Origin: baseURL! } });
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('JOB_NOT_FOUND');
  const unknownEmail = await page.request.post('/api/admin/emails/0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f/retry', { headers: { Origin: baseURL! } });
  expect(unknownEmail.status()).toBe(404);
  expect(((await unknownEmail.json()) as { error: { code: string } }).error.code).toBe('EMAIL_NOT_FOUND');
});

test('anyone but an administrator gets the 404 page', async ({ page, baseURL }) => {
  await signIn(page, DEMO.buyer, baseURL!);
  const response = await page.goto('/admin/jobs');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  const retry = await page.request.post('/api/admin/jobs/0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f/retry', { headers: { Origin: baseURL! } });
  expect(retry.status()).toBe(403);
  const sendAgain = await page.request.post('/api/admin/emails/0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f/retry', { headers: { Origin: baseURL! } });
  expect(sendAgain.status()).toBe(403);
});
