/**
 * The ordered list of migrations. Kysely runs them by name, so names are date-prefixed;
 * adding a migration means adding one line here.
 */
import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-21-0001-initial';
import * as profilePerUser from './2026-11-22-0001-profile-per-user';
import * as catalogueSearch from './2026-11-22-0100-catalogue-search';
import * as creatorStudio from './2026-11-22-0200-creator-studio';
import * as followsNotifications from './2026-11-22-0300-follows-notifications';
import * as payments from './2026-11-23-0100-payments';
import * as writeLimits from './2026-11-24-0100-write-limits-and-counters';
import * as profileOwnsIdentity from './2026-11-24-0200-profile-owns-identity';
import * as notificationKinds from './2026-11-24-0300-notification-kinds';
import * as cataloguePages from './2026-11-25-0200-catalogue-pages';
import * as searchUnderLoad from './2026-11-25-0300-search-under-load';
import * as apiKeys from './2026-11-26-0100-api-keys';
import * as webhooks from './2026-11-26-0300-webhooks';
import * as licenseKeys from './2026-11-26-0200-license-keys';
import * as metricsWhenSet from './2026-11-27-0100-metrics-when-set';
import * as productReviews from './2026-11-27-0200-product-reviews';
import * as productVersions from './2026-11-27-0300-product-versions';
import * as reviewQueue from './2026-11-27-0400-review-queue';
import * as accountSettings from './2026-11-27-0500-account-settings';
import * as fanOutJobs from './2026-11-28-0600-fan-out-jobs';
import * as emailNotifications from './2026-11-28-0700-email-notifications';
import * as toolsDirectory from './2026-11-28-0400-tools-directory';
import * as community from './2026-11-28-0100-community';
import * as notificationKindsTogether from './2026-11-28-0900-notification-kinds-together';
import * as changelogSources from './2026-11-28-0500-changelog-sources';
import * as moderation from './2026-11-28-0300-moderation';
import * as suspensionNotices from './2026-11-29-0100-suspension-notices';
import * as failedEmailsIndex from './2026-11-29-0300-failed-emails-index';
import * as viewVisitorKeys from './2026-11-29-0500-view-visitor-keys';
import * as creatorLedger from './2026-11-30-0100-creator-ledger';
import * as payoutNotices from './2026-11-30-0200-payout-notices';
import * as refundPolicyAndRequests from './2026-11-30-0200-refund-policy-and-requests';
import * as notificationKindsTogetherAgain from './2026-11-30-0300-notification-kinds-together';
import * as orderTaxAndInvoices from './2026-12-01-0100-order-tax-and-invoices';
import * as refundEscalationsAndAdjustmentKeys from './2026-12-01-0200-refund-escalations-and-adjustment-keys';
import * as stripeTransfersInTheLedger from './2026-12-01-0210-stripe-transfers-in-the-ledger';
import * as reputationSources from './2026-12-01-0300-reputation-sources';
import * as emailDeliveriesOnJobs from './2026-12-02-0150-email-deliveries-on-jobs';
import * as deliveriesAndFetchesOnPgBoss from './2026-12-02-0200-deliveries-and-fetches-on-pg-boss';
import * as rebuildRequestsAsALog from './2026-12-02-0600-rebuild-requests-as-a-log';
import * as nearDuplicateTitleIndex from './2026-12-03-0100-near-duplicate-title-index';
import * as pageFigures from './2026-12-03-0200-page-figures';
import * as figuresRevalidation from './2026-12-04-0100-figures-revalidation';
import * as discountCodes from './2026-12-05-0100-discount-codes';
import * as payWhatYouWant from './2026-12-05-0200-pay-what-you-want';
import * as customerEmails from './2026-12-06-0100-customer-emails';
import * as visitAnalytics from './2026-12-06-0200-visit-analytics';
import * as bundles from './2026-12-06-0300-bundles';
import * as affiliates from './2026-12-06-0400-affiliates';
import * as cart from './2026-12-07-0100-cart';

export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-22-0001-profile-per-user': profilePerUser,
  '2026-11-22-0100-catalogue-search': catalogueSearch,
  '2026-11-22-0200-creator-studio': creatorStudio,
  '2026-11-22-0300-follows-notifications': followsNotifications,
  '2026-11-23-0100-payments': payments,
  '2026-11-24-0100-write-limits-and-counters': writeLimits,
  '2026-11-24-0200-profile-owns-identity': profileOwnsIdentity,
  '2026-11-24-0300-notification-kinds': notificationKinds,
  '2026-11-25-0200-catalogue-pages': cataloguePages,
  '2026-11-25-0300-search-under-load': searchUnderLoad,
  '2026-11-26-0100-api-keys': apiKeys,
  '2026-11-26-0300-webhooks': webhooks,
  '2026-11-26-0200-license-keys': licenseKeys,
  '2026-11-27-0100-metrics-when-set': metricsWhenSet,
  '2026-11-27-0200-product-reviews': productReviews,
  '2026-11-27-0300-product-versions': productVersions,
  '2026-11-27-0400-review-queue': reviewQueue,
  '2026-11-27-0500-account-settings': accountSettings,
  '2026-11-28-0600-fan-out-jobs': fanOutJobs,
  '2026-11-28-0700-email-notifications': emailNotifications,
  '2026-11-28-0400-tools-directory': toolsDirectory,
  '2026-11-28-0100-community': community,
  '2026-11-28-0900-notification-kinds-together': notificationKindsTogether,
  '2026-11-28-0500-changelog-sources': changelogSources,
  '2026-11-28-0300-moderation': moderation,
  '2026-11-29-0100-suspension-notices': suspensionNotices,
  '2026-11-29-0300-failed-emails-index': failedEmailsIndex,
  '2026-11-29-0500-view-visitor-keys': viewVisitorKeys,
  '2026-11-30-0100-creator-ledger': creatorLedger,
  '2026-11-30-0200-payout-notices': payoutNotices,
  '2026-11-30-0200-refund-policy-and-requests': refundPolicyAndRequests,
  '2026-11-30-0300-notification-kinds-together': notificationKindsTogetherAgain,
  '2026-12-01-0100-order-tax-and-invoices': orderTaxAndInvoices,
  '2026-12-01-0200-refund-escalations-and-adjustment-keys': refundEscalationsAndAdjustmentKeys,
  '2026-12-01-0210-stripe-transfers-in-the-ledger': stripeTransfersInTheLedger,
  '2026-12-01-0300-reputation-sources': reputationSources,
  '2026-12-02-0150-email-deliveries-on-jobs': emailDeliveriesOnJobs,
  '2026-12-02-0200-deliveries-and-fetches-on-pg-boss': deliveriesAndFetchesOnPgBoss,
  '2026-12-02-0600-rebuild-requests-as-a-log': rebuildRequestsAsALog,
  '2026-12-03-0100-near-duplicate-title-index': nearDuplicateTitleIndex,
  '2026-12-03-0200-page-figures': pageFigures,
  '2026-12-04-0100-figures-revalidation': figuresRevalidation,
  '2026-12-05-0100-discount-codes': discountCodes,
  '2026-12-05-0200-pay-what-you-want': payWhatYouWant,
  '2026-12-06-0100-customer-emails': customerEmails,
  '2026-12-06-0200-visit-analytics': visitAnalytics,
  '2026-12-06-0300-bundles': bundles,
  '2026-12-06-0400-affiliates': affiliates,
  '2026-12-07-0100-cart': cart,
};
