/**
 * The emails of a creator's send to customers (docs/decisions/078), as a reaction to
 * 'customer-email.sent': each run queues CUSTOMER_EMAIL_BATCH (100) recipients, in user id order,
 * through the outbox (email.service.ts queueCreatorEmailBatch: one email_messages row per
 * recipient, unique per user, kind and reference, and its 'email.deliver' job, in one
 * transaction), then enqueues the next run from the last user id it walked past. A batch run
 * twice writes each recipient's email once; the audience is read as it is at each run, so an
 * account that turned these emails off or was suspended meanwhile is skipped.
 */
import { CUSTOMER_EMAIL_BATCH } from '@/src/shared/customer-emails';
import type { Db } from '@/db/database';
import { defineJob, defineReaction, enqueue } from '../jobs';
import { queueCreatorEmailBatch } from '../email/email.service';
import { audienceRecipients, findSendAudience } from './customer-emails.repository';

const NEXT_BATCH = 'customer-emails.batch';

interface BatchJob {
  customerEmailId: string;
  after?: string;
}

async function runBatch(db: Db, { customerEmailId, after }: BatchJob): Promise<void> {
  const spec = await findSendAudience(db, customerEmailId);
  if (!spec) return;
  const result = await queueCreatorEmailBatch(db, customerEmailId, audienceRecipients(spec), { after, batchSize: CUSTOMER_EMAIL_BATCH });
  if (result.next)
    await enqueue(db, NEXT_BATCH, { customerEmailId, after: result.next } satisfies BatchJob, { singletonKey: `${customerEmailId}:${result.next}` });
}

defineJob<BatchJob>(NEXT_BATCH, (data, { db }) => runBatch(db, data), { retryLimit: 8 });
defineReaction('customer-email.sent', 'customer-emails.first-batch', (data, { db }) => runBatch(db, data), { retryLimit: 8 });
