/**
 * The fan-out of a tool update (issue 18, docs/decisions/040): posting an update records it and
 * enqueues 'notify.tool-update' in the same transaction; this job writes the notices.
 *
 * - Security update: first a 'security_impact' notice for every buyer who downloaded a product
 *   built on the tool, then a 'follow' notice for every follower (one each; a follower who is
 *   such a buyer keeps the more specific reason).
 * - In batches of 1,000 recipients per INSERT … SELECT, by user id (keyset), each its own
 *   statement: no transaction grows with the audience.
 * - Bounded: after SLICE_MS the job enqueues its continuation (the phase and the keyset
 *   position) and ends, so no attempt outlives a serverless function or holds a worker.
 * - Idempotent: unique (user_id, update_id); a rerun, an overlapping continuation or two
 *   workers write each notice once.
 * - Then 'email.notifications' { updateId } is queued, when that job is defined, for the email
 *   of those who want one (the email job decides who, by their preferences).
 */
import { defineJob, enqueue, isJobDefined } from '@/functions/jobs';
import { findUpdateForFanOut, insertUpdateNoticeBatch, FAN_OUT_BATCH, type NoticePhase } from './tool-updates.repository';

export const TOOL_UPDATE_FAN_OUT = 'notify.tool-update';
/** The job that emails the notices of an update or a new product (functions/email, issue 18). */
export const EMAIL_NOTIFICATIONS = 'email.notifications';

export interface ToolUpdateFanOut {
  updateId: string;
  /** Where a continuation resumes: the phase and the last user id done. */
  phase?: NoticePhase;
  after?: string;
}

/** How long one attempt writes before it hands over to a continuation. */
export const SLICE_MS = 20_000;

defineJob<ToolUpdateFanOut>(
  TOOL_UPDATE_FAN_OUT,
  async (data, { db, signal }) => {
    const row = await findUpdateForFanOut(db, data.updateId);
    if (!row) return; // deleted since: nothing to tell
    const update = { id: row.id, toolId: row.tool_id, createdAt: new Date(row.created_at) };
    let phase: NoticePhase = data.phase ?? (row.update_type === 'security' ? 'impact' : 'follow');
    let after = data.after ?? '';
    const until = Date.now() + SLICE_MS;
    for (;;) {
      const batch = await insertUpdateNoticeBatch(db, update, phase, after);
      if (batch.seen < FAN_OUT_BATCH || !batch.last) {
        if (phase === 'impact') {
          phase = 'follow';
          after = '';
          continue;
        }
        break;
      }
      after = batch.last;
      if (Date.now() >= until || signal.aborted) {
        await enqueue(db, TOOL_UPDATE_FAN_OUT, { updateId: update.id, phase, after });
        return;
      }
    }
    if (await isJobDefined(db, EMAIL_NOTIFICATIONS)) {
      await enqueue(db, EMAIL_NOTIFICATIONS, { updateId: update.id }, { singletonKey: `update:${update.id}` });
    }
  },
  { retryLimit: 8, retryDelay: 5, backoff: true, retryDelayMax: 15 * 60, expireInSeconds: 5 * 60 },
);
