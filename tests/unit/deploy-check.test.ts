/**
 * What a Vercel deployment lacks (functions/_shared/deploy-check.ts, docs/decisions/045): each
 * missing service's setting is named with what goes wrong without it, and a deployment with
 * every setting gets no line at all.
 */
import { describe, expect, it } from 'vitest';
import { describeGaps, vercelDeploymentGaps } from '@/functions/_shared/deploy-check';

const complete = {
  DATABASE_URL: 'postgres://user:secret@ep-example.neon.tech/toolmint',
  BLOB_READ_WRITE_TOKEN: 'vercel_blob_rw_store_secret',
  RESEND_API_KEY: 're_123',
  BETTER_AUTH_SECRET: 'a'.repeat(32),
  CRON_SECRET: 'cron',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
};

describe('vercelDeploymentGaps', () => {
  it('says nothing when every service is configured', () => {
    expect(vercelDeploymentGaps(complete)).toEqual([]);
  });

  it('names each missing setting with its consequence', () => {
    const gaps = vercelDeploymentGaps({ ...complete, DATABASE_URL: undefined, RESEND_API_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    expect(gaps.map((g) => g.setting)).toEqual(['DATABASE_URL', 'RESEND_API_KEY', 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET']);
    const lines = describeGaps(gaps);
    expect(lines[0]).toBe('[deploy] DATABASE_URL is not set on Vercel: the embedded database lives on a temporary disk, so every change is lost.');
    expect(lines[1]).toMatch(/^\[deploy\] RESEND_API_KEY is not set on Vercel: no email reaches anyone/);
    expect(lines[2]).toBe(
      '[deploy] STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on Vercel: checkout runs in local test mode and nobody can pay for real.',
    );
  });

  it('lists every setting for a deployment with none', () => {
    const none = Object.fromEntries(Object.keys(complete).map((k) => [k, undefined])) as unknown as typeof complete;
    expect(vercelDeploymentGaps(none).map((g) => g.setting)).toEqual([
      'DATABASE_URL',
      'BLOB_READ_WRITE_TOKEN',
      'RESEND_API_KEY',
      'BETTER_AUTH_SECRET',
      'CRON_SECRET',
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
  });
});
