/**
 * 'checkouts.expire-local' (docs/decisions/075): the local test-mode provider has no one to send
 * `checkout.session.expired`, so an abandoned local checkout holding a discount code would hold
 * its use for ever. Hourly, the ones started more than LOCAL_CHECKOUT_HOURS ago (Stripe's own
 * default lifetime of a Checkout Session) are closed as expired, each in its own transaction
 * with its use given back (closeCheckout, the webhook's own path: pending -> expired once, so a
 * payment or a second run at the same moment changes nothing twice). Paying one afterwards
 * answers 'This checkout is no longer open'. With Stripe it does nothing: Stripe expires them.
 */
import type { Db } from '@/db/database';
import { defineJob, schedule } from '@/functions/jobs';
import { getPaymentProvider } from './provider';
import { findStaleLocalCodeCheckouts } from './payments.repository';
import { closeCheckout } from './webhook.service';

const LOCAL_CHECKOUT_HOURS = 24;
const EXPIRE_LOCAL_CHECKOUTS = 'checkouts.expire-local';
const BATCH = 500;

/** Closes the stale local checkouts holding a code: how many it closed. */
export async function expireStaleLocalCheckouts(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LOCAL_CHECKOUT_HOURS * 60 * 60 * 1000);
  let closed = 0;
  for (const sessionId of await findStaleLocalCodeCheckouts(db, before, BATCH)) {
    if (await db.transaction().execute((trx) => closeCheckout(trx, sessionId, 'expired'))) closed += 1;
  }
  return closed;
}

defineJob(
  EXPIRE_LOCAL_CHECKOUTS,
  async (_data, { db }) => {
    if (getPaymentProvider().name !== 'local') return;
    await expireStaleLocalCheckouts(db);
  },
  { policy: 'short', retryLimit: 3 },
);

schedule(EXPIRE_LOCAL_CHECKOUTS, '23 * * * *');
