/**
 * The emails of community notices (issue 18, docs/decisions/041): a reply, a mention or an
 * accepted answer is emailed as its recipient's preference for that kind says.
 *
 * - The transaction that writes the notices (community.service.ts, answers.service.ts)
 *   enqueues 'email.community' { noticeIds } with them (enqueueCommunityEmails): the job exists
 *   exactly when the notices do. A post held for review writes no notice, so no email; a
 *   recipient whose kind is Off gets no notice either (functions/email/in-app.repository.ts).
 * - The job reads each notice still there (an accepted answer changed since withdraws its
 *   notice) with its thread, the post and who wrote it, skips a thread or post hidden or deleted
 *   meanwhile, and queues one email per notice with reference `notice:<notification id>`
 *   (queueCommunityEmail; unique per user, kind and reference), so a job run twice queues once.
 * - The product question notice has no email kind: in the app only.
 * On PGlite call jobsReady(db) before the transaction that enqueues (decision 040).
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue } from '@/functions/jobs';
import { COMMUNITY_NOTICE_LABELS, communityNoticeHref, communityNoticeText } from '@/src/shared/notifications';
import { queueCommunityEmail, type CommunityEmailKind } from '../email/email.service';
import { plainText } from '../_shared/markdown';
import { selectNoticesForEmail, type CommunityNoticeKind } from './community.repository';

export const COMMUNITY_EMAILS = 'email.community';

export interface CommunityEmailsJob {
  noticeIds: string[];
}

const EMAILED: readonly CommunityNoticeKind[] = ['community_reply', 'community_mention', 'community_answer_accepted'];
const isEmailed = (kind: CommunityNoticeKind): kind is CommunityEmailKind => EMAILED.includes(kind);
/** Notices read per statement. */
const CHUNK = 500;

const REASONS: Record<CommunityEmailKind, string> = {
  community_reply: 'You get this email because you take part in or follow this discussion in the toolmint community.',
  community_mention: 'You get this email because someone mentioned you in the toolmint community.',
  community_answer_accepted: 'You get this email because you answered this question in the toolmint community.',
};

/** In the transaction that wrote `notices` (insertCommunityNotices' answer): the job of their emails, if any is of an emailed kind. */
export async function enqueueCommunityEmails(trx: Db, notices: { id: string; kind: CommunityNoticeKind }[]): Promise<void> {
  const noticeIds = notices.filter((n) => isEmailed(n.kind)).map((n) => n.id);
  if (noticeIds.length) await enqueue(trx, COMMUNITY_EMAILS, { noticeIds } satisfies CommunityEmailsJob);
}

/** Queues the email of each notice still there (see the header); returns how many were queued now. */
export async function queueCommunityNoticeEmails(db: Db, noticeIds: string[]): Promise<number> {
  let queued = 0;
  for (let i = 0; i < noticeIds.length; i += CHUNK) {
    for (const n of await selectNoticesForEmail(db, noticeIds.slice(i, i + CHUNK))) {
      if (n.gone || !isEmailed(n.kind)) continue;
      const item = {
        kind: n.kind,
        actorName: n.actor_name,
        threadTitle: n.thread_title,
        productTitle: n.product_title,
        threadId: n.thread_id,
        replyId: n.reply_id,
      };
      const subject = communityNoticeText(item);
      const text = n.body ? plainText(n.body, 280) : '';
      const id = await queueCommunityEmail(db, {
        userId: n.user_id,
        kind: n.kind,
        reference: `notice:${n.id}`,
        subject,
        intro: `${subject}.`,
        card: { eyebrow: `${COMMUNITY_NOTICE_LABELS[n.kind]} · Community`, title: n.thread_title, ...(text ? { text } : {}), url: communityNoticeHref(item) },
        reason: REASONS[n.kind],
      });
      if (id) queued++;
    }
  }
  return queued;
}

defineJob<CommunityEmailsJob>(
  COMMUNITY_EMAILS,
  async (data, { db }) => {
    await queueCommunityNoticeEmails(db, data.noticeIds);
  },
  { retryLimit: 8 },
);
