/**
 * Every job module, loaded by the engine before it starts (functions/jobs/engine.ts), so that
 * each defineJob() and schedule() has run and its queue exists. A new job module = one import
 * line here (docs/decisions/040).
 */
import '../tool-updates/fan-out.job';
import '../notifications/new-product.job';
import '../uploads/sweep.job';
import '../webhooks/deliveries.job';
import '../email/jobs';
import '../community/notice-emails.job';
import '../moderation/suspension-notices.job';
import '../tool-feeds/feeds.job';
import '../payments/payout-notices.job';
import '../payments/payouts.job';
import '../payments/refunds.job';
import '../payments/refund-notices.job';
import '../payments/order-notices.job';
import '../payments/refund-at-once.job';
import '../product-reviews/review-pages.job';
import '../payments/tax-reversal.job';
import '../rebuilds/page-refresh.job';
