/**
 * The composition root of the background jobs (docs/decisions/040, 063): every job module, so
 * that each defineJob(), defineReaction() and schedule() has run, and ALL_JOBS, the set the
 * engine is given by each process's entry: scripts/start.ts (startWorker), src/middleware.ts
 * and tests/support/test-db.ts (provideJobs). Directly under functions/, in no domain: it imports
 * every domain that has jobs, and no domain imports it. A new job module = one import line here.
 */
import './tool-updates/fan-out.job';
import './notifications/new-product.job';
import './maintenance/sweep.job';
import './webhooks/deliveries.job';
import './email/jobs';
import './community/notice-emails.job';
import './community/announce-approved.job';
import './moderation/suspension-notices.job';
import './tool-feeds/feeds.job';
import './payments/payout-notices.job';
import './payments/payouts.job';
import './payments/checkout-expiry.job';
import './payments/refunds.job';
import './payments/refund-notices.job';
import './payments/order-notices.job';
import './payments/refund-at-once.job';
import './payments/cart-transfer.job';
import './product-reviews/review-pages.job';
import './payments/tax-reversal.job';
import './rebuilds/page-refresh.job';
import './customer-emails/batches.job';

import { definedJobs, type JobSet } from './jobs';

export const ALL_JOBS: JobSet = definedJobs;
