/**
 * Telling a user their account was suspended, or that the suspension was lifted early
 * (docs/decisions/042). The transaction that logs the 'suspend' or 'unsuspend' action calls
 * tellOfSuspension, which writes the user's notice (kind 'account_suspension', pointing at the
 * log row: until when and why are the log's) and enqueues the job 'email.suspension' with it,
 * so both exist exactly when the action commits (call jobsReady(db) before that transaction:
 * PGlite, decision 040). The job renders a transactional email: it is about the account, so no
 * preference turns it off and it has no unsubscribe link (the footer says so). It writes it to the
 * outbox with its delivery (docs/decisions/059) once per action (its reference), so a retried job
 * does not send it twice.
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue } from '@/functions/jobs';
import { getEnv } from '@/env';
import { queueTransactionalEmail } from '../email/outbox';
import { renderEmail } from '../email/render';
import type { EmailContent } from '../email/templates/email';
import { findSuspensionAction, insertSuspensionNotice } from './moderation.repository';
import { suspensionEnd } from '../_shared/suspension';

export const SUSPENSION_EMAILS = 'email.suspension';

export interface SuspensionEmailJob {
  actionId: string;
}

/** In the transaction that logged a suspend or unsuspend: the user's notice and the job of its email. */
export async function tellOfSuspension(trx: Db, values: { userId: string; actionId: string }): Promise<void> {
  await insertSuspensionNotice(trx, values);
  await enqueue(trx, SUSPENSION_EMAILS, { actionId: values.actionId } satisfies SuspensionEmailJob);
}

/** What suspended accounts cannot do (functions/moderation/suspension.ts's callers), and what they still can. */
const WHILE_SUSPENDED =
  'Until then you cannot post or vote in the community, write reviews, publish products or buy. You can still sign in, download what you already have and delete your own posts.';

/** The email of a logged suspend or unsuspend (exported for tests and previews). */
function suspensionEmail(action: { action: string; reason: string; until: Date | string | null }, siteUrl: string): EmailContent {
  const dashboard = { label: 'Open your dashboard', url: new URL('/dashboard', siteUrl).toString() };
  const reason = `Reason: ${action.reason}`;
  if (action.action === 'unsuspend') {
    const subject = 'Your toolmint account is no longer suspended';
    return {
      subject,
      preview: 'An administrator lifted the suspension of your account.',
      heading: subject,
      paragraphs: ['An administrator lifted the suspension of your account. You can post, review, publish and buy again.', reason],
      action: dashboard,
    };
  }
  const end = suspensionEnd(new Date(action.until ?? Date.now()).toISOString());
  const subject = `Your toolmint account is suspended until ${end}`;
  return {
    subject,
    preview: `An administrator suspended your account until ${end}.`,
    heading: subject,
    paragraphs: [`An administrator suspended your account until ${end}. It ends by itself then.`, reason, WHILE_SUSPENDED],
    action: dashboard,
  };
}

/** Writes the email of one logged suspend or unsuspend to the outbox; false when there is nobody to send it to (the account is gone). */
async function writeSuspensionEmail(db: Db, actionId: string, siteUrl = getEnv().SITE_URL): Promise<boolean> {
  const action = await findSuspensionAction(db, actionId);
  if (!action?.subject_user_id) return false;
  const rendered = await renderEmail(suspensionEmail(action, siteUrl), {
    kind: 'transactional',
    reason: 'You get this email because it is about your toolmint account.',
  });
  await queueTransactionalEmail(db, { userId: action.subject_user_id, reference: `suspension:${action.id}`, mail: { to: action.email, ...rendered } });
  return true;
}

defineJob<SuspensionEmailJob>(
  SUSPENSION_EMAILS,
  async (data, { db }) => {
    await writeSuspensionEmail(db, data.actionId);
  },
  { retryLimit: 8 },
);
