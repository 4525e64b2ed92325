/**
 * What a deployment on Vercel lacks (docs/decisions/045). Locally every service has an embedded
 * stand-in (PGlite, the blob folder, the outbox, local test payments); on Vercel those write to a
 * function's temporary disk, which is gone after the request: a database there would lose every
 * change, emails and uploads would vanish. The build (scripts/build.ts with VERCEL=1) prints
 * these lines, and the mailer says it again when it is created, so nobody learns it from a user
 * who never got their password reset.
 */
import type { Env } from '@/env';

export const EMAIL_GAP = 'no email reaches anyone (verification, password reset, receipts, notifications); they go to an outbox folder on a temporary disk';

export interface DeploymentGap {
  setting: string;
  /** What goes wrong without it, in one sentence. */
  consequence: string;
}

export function vercelDeploymentGaps(
  env: Pick<
    Env,
    'DATABASE_URL' | 'BLOB_READ_WRITE_TOKEN' | 'RESEND_API_KEY' | 'BETTER_AUTH_SECRET' | 'CRON_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'
  >,
): DeploymentGap[] {
  const gaps: DeploymentGap[] = [];
  if (!env.DATABASE_URL) gaps.push({ setting: 'DATABASE_URL', consequence: 'the embedded database lives on a temporary disk, so every change is lost' });
  if (!env.BLOB_READ_WRITE_TOKEN)
    gaps.push({ setting: 'BLOB_READ_WRITE_TOKEN', consequence: 'uploaded images and product files are written to a temporary disk and lost' });
  if (!env.RESEND_API_KEY) gaps.push({ setting: 'RESEND_API_KEY', consequence: EMAIL_GAP });
  if (!env.BETTER_AUTH_SECRET) gaps.push({ setting: 'BETTER_AUTH_SECRET', consequence: 'sign-in refuses to run in production without it' });
  if (!env.CRON_SECRET)
    gaps.push({
      setting: 'CRON_SECRET',
      consequence:
        'the scheduled jobs (emails, digests, feeds, webhooks, the upload sweep, the figures of the catalogue pages) refuse every call and never run',
    });
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    gaps.push({ setting: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', consequence: 'checkout runs in local test mode and nobody can pay for real' });
  }
  return gaps;
}

/** The gaps as log lines, or nothing when the deployment has every setting. */
export function describeGaps(gaps: DeploymentGap[]): string[] {
  return gaps.map((g) => `[deploy] ${g.setting} ${g.setting.includes(' and ') ? 'are' : 'is'} not set on Vercel: ${g.consequence}.`);
}
