/**
 * The migrations are frozen in time and spell their check constraints out; the app's
 * enumerations are declared once in src/shared/domain.ts (docs/decisions/018). This keeps
 * the two in step: for every enumerated column, the migrated database accepts exactly the
 * values of the shared array, read from the constraint PostgreSQL itself holds.
 * (payment_events.provider has no check constraint; its type still comes from the array.)
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOB_ACCESS,
  CATEGORY_IDS,
  DELIVERY_TYPES,
  DEPLOYMENT_TYPES,
  DOWNLOAD_TYPES,
  FEED_KINDS,
  INTERACTION_TYPES,
  NOTIFICATION_KINDS,
  NOTIFICATION_REASONS,
  ONBOARDING_STATUSES,
  ORDER_STATUSES,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_PROVIDERS,
  DISCOUNT_KINDS,
  CUSTOMER_EMAIL_AUDIENCES,
  PAYOUT_STATUSES,
  LEDGER_ENTRY_KINDS,
  INVOICE_KINDS,
  PRICING_MODELS,
  PRODUCT_STATUSES,
  PURCHASE_KINDS,
  REFUND_DECIDERS,
  REFUND_POLICIES,
  REFUND_REQUEST_STATUSES,
  MODERATION_ACTIONS,
  REPORT_ROW_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  SUBSCRIPTION_STATUSES,
  TECHNICAL_LEVELS,
  UPDATE_TYPES,
  UPLOAD_KINDS,
  USER_ROLES,
  USER_TYPES,
  WEBHOOK_DELIVERY_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '@/src/shared/domain';
import { COMMUNITY_SPACE_KINDS, COMMUNITY_THREAD_KINDS, COMMUNITY_VOTE_TARGETS } from '@/src/shared/community';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let checks: { table: string; def: string }[];

beforeAll(async () => {
  t = await createTestDb();
  const rows = await sql<{ table: string; def: string }>`
    select c.conrelid::regclass::text as "table", pg_get_constraintdef(c.oid) as def
    from pg_constraint c where c.contype = 'c'
  `.execute(t.db);
  checks = rows.rows;
});

afterAll(async () => {
  await t?.close();
});

/**
 * The values `column` may hold, from the check constraints of `table` that are exactly
 * `CHECK ((column = ANY (ARRAY['a'::text, ...])))` (not the ones that combine columns).
 */
function allowedValues(table: string, column: string): string[][] {
  const pattern = new RegExp(`^CHECK \\(+${column}(?:\\)?::text)? = ANY \\(+ARRAY\\[([^\\]]*)\\]\\)+$`);
  return checks
    .filter((c) => c.table === table)
    .flatMap((c) => {
      const match = pattern.exec(c.def);
      return match ? [[...match[1]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!)] : [];
    });
}

const COLUMNS: [string, string, readonly string[]][] = [
  ['users', 'user_type', USER_TYPES],
  ['profiles', 'user_type', USER_TYPES],
  ['profiles', 'role', USER_ROLES],
  ['profiles', 'onboarding_status', ONBOARDING_STATUSES],
  ['categories', 'id', CATEGORY_IDS],
  ['products', 'status', PRODUCT_STATUSES],
  ['products', 'pricing_model', PRICING_MODELS],
  ['products', 'technical_level', TECHNICAL_LEVELS],
  ['products', 'deployment_type', DEPLOYMENT_TYPES],
  ['products', 'content_delivery_type', DELIVERY_TYPES],
  ['downloads', 'download_type', DOWNLOAD_TYPES],
  ['product_interactions', 'interaction_type', INTERACTION_TYPES],
  ['ai_tool_updates', 'update_type', UPDATE_TYPES],
  ['ai_tool_changelog_sources', 'kind', FEED_KINDS],
  ['user_notifications', 'kind', NOTIFICATION_KINDS],
  ['user_notifications', 'reason', NOTIFICATION_REASONS],
  ['payout_requests', 'status', PAYOUT_STATUSES],
  ['creator_ledger_entries', 'kind', LEDGER_ENTRY_KINDS],
  ['invoices', 'kind', INVOICE_KINDS],
  ['uploads', 'kind', UPLOAD_KINDS],
  ['uploads', 'access', BLOB_ACCESS],
  ['orders', 'kind', PURCHASE_KINDS],
  ['orders', 'status', ORDER_STATUSES],
  ['orders', 'provider', PAYMENT_PROVIDERS],
  ['discount_codes', 'kind', DISCOUNT_KINDS],
  ['customer_emails', 'audience', CUSTOMER_EMAIL_AUDIENCES],
  ['payment_events', 'status', PAYMENT_EVENT_STATUSES],
  ['products', 'refund_policy', REFUND_POLICIES],
  ['refund_requests', 'status', REFUND_REQUEST_STATUSES],
  ['refund_requests', 'decider', REFUND_DECIDERS],
  ['subscriptions', 'provider', PAYMENT_PROVIDERS],
  ['subscriptions', 'status', SUBSCRIPTION_STATUSES],
  ['webhook_deliveries', 'event_type', WEBHOOK_DELIVERY_EVENT_TYPES],
  ['webhook_deliveries', 'status', WEBHOOK_DELIVERY_STATUSES],
  ['reports', 'target_kind', REPORT_TARGET_KINDS],
  ['reports', 'reason', REPORT_ROW_REASONS],
  ['reports', 'status', REPORT_STATUSES],
  ['reports', 'resolution', MODERATION_ACTIONS],
  ['moderation_actions', 'action', MODERATION_ACTIONS],
  ['moderation_actions', 'target_kind', REPORT_TARGET_KINDS],
  ['community_spaces', 'kind', COMMUNITY_SPACE_KINDS],
  ['community_threads', 'kind', COMMUNITY_THREAD_KINDS],
  ['community_votes', 'target_kind', COMMUNITY_VOTE_TARGETS],
];

describe(`check constraints match src/shared/domain.ts (${process.env['DATABASE_URL'] ? 'postgres via neon driver' : 'pglite'})`, () => {
  it.each(COLUMNS)('%s.%s', (table, column, values) => {
    const found = allowedValues(table, column);
    expect(found.length, `no check constraint lists ${table}.${column}`).toBeGreaterThan(0);
    for (const list of found) expect([...list].sort()).toEqual([...values].sort());
  });
  // An array column: its constraint is `events <@ ARRAY[...]` rather than `= ANY`.
  it('webhook_endpoints.events', () => {
    const def = checks.find((c) => c.table === 'webhook_endpoints' && c.def.includes('<@'))?.def ?? '';
    const values = [...def.matchAll(/'([^']*)'/g)].map((v) => v[1]!);
    expect(values.sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
