/**
 * Creators' payouts with Stripe Connect (Express): whether payouts are set up, 'Set up
 * payouts' (creates the connected account once and an onboarding account link), and a link
 * to the account's Express dashboard, and the account's payout schedule. account.updated
 * webhooks mark the account ready (webhook.service.ts). With the local provider there is nothing to connect: payouts stay the
 * studio's payout requests (docs/decisions/007).
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import { AppError } from '../_shared/errors';
import type { PaymentsDeps } from './deps';
import { findPayoutAccount, savePayoutAccount } from './payments.repository';

/**
 * Whether payouts are set up and, with Stripe, the connected account's payout schedule as
 * Stripe reports it (docs/decisions/051): read at request time, so it is Stripe's current one.
 * Stripe not answering leaves the schedule out (null) rather than failing /earnings.
 */
export async function getPayoutSetup(db: Db, deps: PaymentsDeps, creatorId: string) {
  if (!deps.provider.requiresPayoutAccount) return { stripe: false, connected: false, ready: false, schedule: null };
  const account = await findPayoutAccount(db, creatorId);
  const schedule = account?.is_ready ? await deps.provider.getPayoutSchedule(account.stripe_account_id).catch(() => null) : null;
  return { stripe: true, connected: Boolean(account), ready: Boolean(account?.is_ready), schedule };
}

export async function startPayoutOnboarding(db: Db, deps: PaymentsDeps, user: SessionUser): Promise<{ url: string }> {
  if (!deps.provider.requiresPayoutAccount) throw new AppError('NOT_FOUND', 'Payouts are handled by payout requests in test mode');
  const existing = await findPayoutAccount(db, user.id);
  const earnings = new URL('/earnings', deps.siteUrl).toString();
  const { accountId, url } = await deps.provider.createPayoutOnboarding({ id: user.id, email: user.email }, existing?.stripe_account_id ?? null, {
    returnUrl: `${earnings}?payouts=returned`,
    refreshUrl: `${earnings}?payouts=refresh`,
  });
  if (!existing) await savePayoutAccount(db, user.id, accountId);
  return { url };
}

export async function getPayoutDashboardLink(db: Db, deps: PaymentsDeps, userId: string): Promise<{ url: string }> {
  const account = deps.provider.requiresPayoutAccount ? await findPayoutAccount(db, userId) : undefined;
  if (!account) throw new AppError('NOT_FOUND', 'Set up payouts first');
  return { url: await deps.provider.createDashboardLink(account.stripe_account_id) };
}
