/**
 * A post held for review that an administrator approved: moderation emits 'post.approved' in the
 * approval's transaction (functions/moderation/moderation.service.ts), and this reaction sends the
 * notices its publication would have sent, with their emails (announce.ts, docs/decisions/037).
 * Moderation no longer imports the community to do it (docs/decisions/063). Writing a notice
 * twice is a no-op, so a replayed event tells nobody twice and queues no second email.
 */
import { defineReaction } from '@/functions/jobs';
import { announceApproved } from './announce';

export const ANNOUNCE_APPROVED = 'community.announce-approved';

defineReaction(
  'post.approved',
  ANNOUNCE_APPROVED,
  async (post, { db }) => {
    await db.transaction().execute((trx) => announceApproved(trx, post));
  },
  { retryLimit: 8, retryDelay: 5, backoff: true, retryDelayMax: 15 * 60 },
);
