/**
 * What the route declarations (src/shared/api/routes) cannot say about a route, keyed by its
 * operationId: a valid request of it against the fixtures (tests/support/route-fixtures.ts),
 * the status it answers when that is not a 2xx, whether it removes what it names, the fields
 * the spec reads leniently, and who makes it when the declaration cannot tell. Everything else
 * (method, path, route file, who may call, ids, body kind) tests/support/route-table.ts derives
 * from the declarations.
 *
 * The hostile-input suite varies these examples; the API contract test checks their answers.
 * Every declared route has an entry (`{}` when its request needs nothing): one without fails
 * both suites, naming the operationId to add here. The entries' parameter and query names are
 * typed by the route's declared schemas.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { createUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import type { API_ROUTES } from '@/src/shared/api/routes';
import { defaultPreferences } from '@/src/shared/email-preferences';
import { email, PRODUCT_LENIENT, PRODUCT_NULLABLE, productExample, toolExample } from './example-bodies';
import type { IdKind } from './id-kinds';
import type { RouteFixtures } from './route-fixtures';

export interface MultipartExample {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; type: string };
}

/** The format of a `cursor` query parameter: decides its bad variants (see the hostile suite). */
export type CursorFormat = 'search' | 'keyset';

/** What every example may state, whatever its route declares. */
interface ExampleBase {
  /**
   * Who makes the valid request when the declaration cannot say: `owner`, the owner of the
   * object it names (the product, notification, upload or review; the maintainer of the tool),
   * where the other user stands for any stranger; `user`, a signed-in user on a route declared
   * public whose handler refuses visitors. Without it: anyone on a public or secret route, any
   * signed-in user on a user or verified one, an administrator under /api/admin/.
   */
  caller?: 'owner' | 'user';
  /**
   * Fields the spec accepts leniently (an unknown status is a draft, an unparseable price 0):
   * a wrong type there may be stored as the spec's default.
   */
  lenient?: readonly string[];
  /** Optional fields where null means empty (the forms send null): null may be stored. */
  nullable?: readonly string[];
  /** The valid example's status when it is not a 2xx, and why. */
  expect?: { status: number; why: string };
  /** The valid example removes or replaces its object: it runs after the others. */
  destructive?: true;
}

/** An example in general: what route-table.ts reads. */
export interface RouteExample extends ExampleBase {
  params?: (fx: RouteFixtures) => Record<string, string>;
  /** A parameter's kind where its schema is broader than this example's value (id-kinds.ts reads the rest). */
  ids?: Record<string, IdKind>;
  query?: (fx: RouteFixtures) => Record<string, string | undefined>;
  /** The format of the `cursor` query parameter, when the hostile suite tries bad ones. */
  cursor?: CursorFormat;
  json?: (fx: RouteFixtures) => unknown;
  multipart?: (fx: RouteFixtures) => MultipartExample;
}

// --- An example shaped by its route's declaration ---

type DeclaredRoute = (typeof API_ROUTES)[number];
export type OperationId = DeclaredRoute['operationId'];
type NamesOf<S> = S extends z.ZodMiniObject ? Extract<keyof z.input<S>, string> : never;
type ParamNames<R> = R extends { params: infer S } ? NamesOf<S> : never;
type QueryNames<R> = R extends { query: infer S } ? NamesOf<S> : never;

/** Every path parameter the route declares, and none when it declares none. */
type ParamsPart<P extends string> = [P] extends [never]
  ? { params?: never; ids?: never }
  : { params: (fx: RouteFixtures) => Record<P, string>; ids?: { [K in P]?: IdKind } };
/** Only query parameters the route declares; a cursor format only where it declares `cursor`. */
type QueryPart<Q extends string> = [Q] extends [never]
  ? { query?: never; cursor?: never }
  : { query?: (fx: RouteFixtures) => { [K in Q]?: string }; cursor?: 'cursor' extends Q ? CursorFormat : never };
/** A JSON example for a JSON body (raw JSON too: the signature routes), a multipart one for an upload, no body otherwise. */
type BodyPart<R> = R extends { body: { kind: 'json' } }
  ? { json: (fx: RouteFixtures) => unknown; multipart?: never }
  : R extends { body: { kind: 'multipart' } }
    ? { multipart: (fx: RouteFixtures) => MultipartExample; json?: never }
    : R extends { body: { kind: 'raw'; contentType: 'application/json' } }
      ? { json: (fx: RouteFixtures) => unknown; multipart?: never }
      : { json?: never; multipart?: never };

type ExampleOf<R> = ExampleBase & ParamsPart<ParamNames<R>> & QueryPart<QueryNames<R>> & BodyPart<R>;
export type RouteExamples = { readonly [Id in OperationId]: ExampleOf<Extract<DeclaredRoute, { operationId: Id }>> };

// --- The examples, in the order of API_ROUTES ---

/** The profile form (PUT replaces, PATCH updates the same fields). */
const profileExample = () => ({
  fullName: 'Olive Owner',
  bio: 'I build email tools.\nAnd prompts.',
  company: 'Owner Works',
  location: 'Lisbon',
  website: 'https://example.com',
  socialLinks: { github: 'https://github.com/olive' },
  specialties: ['Copywriting', 'Prompt engineering'],
});
const PROFILE_NULLABLE = ['bio', 'company', 'location', 'website', 'socialLinks.github'];

export const ROUTE_EXAMPLES: RouteExamples = {
  // The service itself (system.ts): the cron jobs refuse the suite, which has no CRON_SECRET.
  getHealth: {},
  getOpenApi: {},
  runSweep: { expect: { status: 401, why: 'only Vercel Cron with CRON_SECRET may run the sweep; the suite sets no secret' } },
  runJobs: { expect: { status: 401, why: 'only a scheduler with CRON_SECRET may run the jobs; the suite sets no secret' } },
  // Background jobs (docs/decisions/040): the administrators' list and retries.
  listAdminJobs: { query: () => ({ state: 'failed', limit: '20' }) },
  retryAdminJob: {
    params: () => ({ id: randomUUID() }),
    expect: { status: 404, why: 'the fixtures have no failed job (a retry of one: tests/integration/admin-jobs.test.ts)' },
  },
  retryAdminEmail: {
    params: () => ({ id: randomUUID() }),
    expect: { status: 404, why: 'the fixtures have no failed email (a retry of one: tests/integration/admin-jobs.test.ts)' },
  },
  // Our one route beside better-auth's (auth.ts); better-auth's own: tests/support/better-auth-routes.ts.
  getSignInProviders: {},
  // Favorites (favorites.ts).
  listFavorites: { query: (fx) => ({ cursor: fx.updatesCursor, limit: '50' }), cursor: 'keyset' },
  addFavorite: { params: (fx) => ({ productId: fx.productId }) },
  removeFavorite: { params: (fx) => ({ productId: fx.productId }) },
  // Payments (payments.ts, functions/payments).
  // A pay-what-you-want product (docs/decisions/077), so the named amount is swept too; `code` stays
  // unsent (a code on a PWYW product is refused; codes: tests/integration/discounts.test.ts).
  startCheckout: { json: (fx) => ({ productId: fx.pwywProductId, amount: '12.50' }) },
  payCheckout: {
    caller: 'owner',
    params: (fx) => ({ sessionId: fx.checkoutSessionId }),
    json: () => ({ cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123', country: 'DE' }),
    expect: { status: 402, why: "the example pays with Stripe's declined test card, so it can run again and charges nothing" },
  },
  quoteCheckout: {
    caller: 'owner',
    params: (fx) => ({ sessionId: fx.checkoutSessionId }),
    json: () => ({ country: 'DE', company: 'Acme GmbH', vatId: 'DE123456789' }),
  },
  getOrder: { caller: 'owner', params: (fx) => ({ id: fx.orderId }) },
  refundOrder: { caller: 'owner', params: (fx) => ({ id: fx.orderId }), destructive: true },
  createRefundRequest: {
    caller: 'owner',
    params: () => ({ id: randomUUID() }),
    json: () => ({ reason: 'It needs a paid plan the page did not mention.' }),
    expect: { status: 404, why: "the fixtures' one order is refunded by refundOrder's example (requests: tests/integration/refund-requests.test.ts)" },
  },
  decideRefundRequest: {
    params: () => ({ id: randomUUID() }),
    json: () => ({ decision: 'decline', message: 'It works as described.' }),
    expect: { status: 404, why: 'the fixtures have no refund request (decisions: tests/integration/refund-requests.test.ts)' },
  },
  cancelSubscription: {
    caller: 'owner',
    params: (fx) => ({ id: fx.orderId }),
    expect: { status: 404, why: 'the order is a one-time purchase, so it has no subscription to cancel' },
  },
  getPayoutSetup: {},
  startPayoutOnboarding: {
    expect: { status: 404, why: 'payouts are payout requests with the local provider; Stripe onboarding needs Stripe (payments-stripe.test.ts)' },
  },
  openPayoutDashboard: { expect: { status: 404, why: 'there is no Stripe account to open a dashboard for with the local provider' } },
  receivePaymentEvent: {
    // Read raw (the signature covers its bytes): hostile JSON reaches the signature check, never a parser.
    json: () => ({ id: 'evt_unsigned', type: 'checkout.session.completed', data: { object: {} } }),
    expect: { status: 400, why: 'an event without a valid signature is refused before anything is written (signed events: payments.test.ts)' },
  },
  listAdminOrders: {
    // A page of a search ({ items, nextCursor }); paging itself: api-payments-contract.test.ts.
    query: () => ({ q: 'TM-000001', limit: '50' }),
  },
  exportEarnings: {},
  exportTaxReport: { query: () => ({ from: '2026-01', to: '2026-12' }) },
  requestPayout: { expect: { status: 409, why: 'the owner has no paid sales, so no balance to pay out' } },
  cancelPayout: {
    params: () => ({ id: randomUUID() }),
    expect: { status: 404, why: 'the fixtures have no payout (cancelling one: tests/integration/ledger-payouts.test.ts)' },
  },
  // Payouts that finish (docs/decisions/048): the administrators' list and decisions.
  listAdminPayouts: {},
  markPayoutProcessing: {
    params: () => ({ id: randomUUID() }),
    expect: { status: 404, why: 'the fixtures have no payout (marking one: tests/integration/ledger-payouts.test.ts)' },
  },
  markPayoutPaid: {
    params: () => ({ id: randomUUID() }),
    json: () => ({ reference: 'BANK-2026-11-30-0042' }),
    expect: { status: 404, why: 'the fixtures have no payout (marking one: tests/integration/ledger-payouts.test.ts)' },
  },
  adjustCreatorBalance: {
    params: (fx) => ({ userId: fx.other.userId }),
    json: () => ({ amountCents: -500, reason: 'Chargeback fee of order TM-000042.', idempotencyKey: randomUUID() }),
  },
  markPayoutFailed: {
    params: () => ({ id: randomUUID() }),
    json: () => ({ reason: 'The bank account number was refused.' }),
    expect: { status: 404, why: 'the fixtures have no payout (marking one: tests/integration/ledger-payouts.test.ts)' },
  },
  // The cart (cart.ts, docs/decisions/082): the owner's cart of the other creator's paid product.
  getCart: { query: (fx) => ({ items: `${fx.paidProductId},${fx.productId}` }) },
  addCartItem: { json: (fx) => ({ productId: fx.paidProductId }) },
  removeCartItem: { params: (fx) => ({ productId: fx.paidProductId }) },
  mergeCart: { json: (fx) => ({ productIds: [fx.paidProductId, fx.freeProductId] }) },
  startCartCheckout: {
    json: () => ({ expectedTotalCents: 1 }),
    expect: { status: 409, why: 'no cart totals 1 cent (CART_CHANGED, or CART_EMPTY), so nothing is charged and it can run again (paying a cart: tests/integration/cart.test.ts)' },
  },
  // Profiles and onboarding (profile.ts); seller reviews: the owner reviews the other user (a creator).
  getProfile: {},
  replaceProfile: { json: profileExample, nullable: PROFILE_NULLABLE },
  updateProfile: { json: profileExample, nullable: PROFILE_NULLABLE },
  uploadAvatar: { multipart: (fx) => ({ fields: {}, file: { name: 'avatar.png', bytes: fx.png, type: 'image/png' } }) },
  removeAvatar: { destructive: true },
  uploadBanner: { multipart: (fx) => ({ fields: {}, file: { name: 'banner.png', bytes: fx.png, type: 'image/png' } }) },
  removeBanner: { destructive: true },
  getOnboarding: {},
  saveOnboarding: { json: () => ({ action: 'complete', interests: ['business'], specialties: ['Copywriting'], bio: 'Email tools.' }) },
  startSelling: { json: () => ({ company: 'Analytical Engines' }) },
  listPortfolio: { params: (fx) => ({ userId: fx.owner.userId }), query: () => ({ sort: 'popular', category: 'business', limit: '12' }) },
  listSellerReviews: { params: (fx) => ({ sellerId: fx.other.userId }), query: (fx) => ({ cursor: fx.updatesCursor, limit: '10' }), cursor: 'keyset' },
  saveSellerReview: { params: (fx) => ({ sellerId: fx.other.userId }), json: () => ({ rating: 5, text: 'Clear templates and quick answers.\nRecommended.' }) },
  deleteSellerReview: { caller: 'owner', params: (fx) => ({ sellerId: fx.other.userId }), destructive: true },
  // Product reviews (product-reviews.ts, docs/decisions/029): the owner reviews a product they got, edits their
  // review, replies to the other user's review of their own product, votes on it.
  listProductReviews: { params: (fx) => ({ id: fx.productId }), query: (fx) => ({ sort: 'newest', cursor: fx.updatesCursor, limit: '10' }), cursor: 'keyset' },
  getMyProductReview: { params: (fx) => ({ id: fx.productId }) },
  createProductReview: { params: (fx) => ({ id: fx.freeProductId }), json: () => ({ rating: 4, text: 'Worked on the first try.\nClear instructions.' }) },
  editProductReview: {
    caller: 'owner',
    params: (fx) => ({ reviewId: fx.ownerReviewId }),
    json: () => ({ rating: 5, text: 'Even better after the update.\nRecommended.' }),
  },
  replyToProductReview: { caller: 'owner', params: (fx) => ({ reviewId: fx.productReviewId }), json: () => ({ text: 'Thank you for the review!' }) },
  markReviewHelpful: { params: (fx) => ({ reviewId: fx.productReviewId }) },
  unmarkReviewHelpful: { params: (fx) => ({ reviewId: fx.productReviewId }) },
  listMyReviews: { query: (fx) => ({ cursor: fx.updatesCursor, limit: '20' }), cursor: 'keyset' },
  // The community (community.ts, docs/decisions/035).
  listCommunitySpaces: {},
  listCommunityThreads: {
    query: (fx) => ({ sort: 'new', space: 'help', tag: 'prompts', search: 'prompts', cursor: fx.updatesCursor, limit: '20' }),
    cursor: 'keyset',
  },
  createCommunityThread: {
    json: () => ({ spaceId: 'help', title: 'How do I chain two prompts?', body: 'I want the **first** answer to feed the second.', tags: ['prompts'] }),
  },
  getCommunityThread: { params: (fx) => ({ threadId: fx.communityThreadId }) },
  editCommunityThread: {
    caller: 'owner',
    params: (fx) => ({ threadId: fx.communityThreadId }),
    json: () => ({ title: 'How do I chain two prompts together?' }),
  },
  deleteCommunityThread: { caller: 'owner', params: (fx) => ({ threadId: fx.spareCommunityThreadId }), destructive: true },
  listCommunityReplies: {
    params: (fx) => ({ threadId: fx.communityOtherThreadId }),
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '50' }),
    cursor: 'keyset',
  },
  createCommunityReply: {
    params: (fx) => ({ threadId: fx.communityOtherThreadId }),
    json: (fx) => ({ body: 'Pipe the first answer in as context.', parentReplyId: fx.communityOtherReplyId }),
    nullable: ['parentReplyId'],
  },
  editCommunityReply: {
    caller: 'owner',
    params: (fx) => ({ replyId: fx.communityReplyId }),
    json: () => ({ body: 'Pipe the first answer in as context, trimmed.' }),
  },
  deleteCommunityReply: { caller: 'owner', params: (fx) => ({ replyId: fx.spareCommunityReplyId }), destructive: true },
  getCommunityThreadViewer: { params: (fx) => ({ threadId: fx.communityOtherThreadId }) },
  voteCommunityThread: { params: (fx) => ({ threadId: fx.communityOtherThreadId }) },
  unvoteCommunityThread: { params: (fx) => ({ threadId: fx.communityOtherThreadId }) },
  voteCommunityReply: { params: (fx) => ({ replyId: fx.communityOtherReplyId }) },
  unvoteCommunityReply: { params: (fx) => ({ replyId: fx.communityOtherReplyId }) },
  followCommunityThread: { params: (fx) => ({ threadId: fx.communityOtherThreadId }) },
  unfollowCommunityThread: { params: (fx) => ({ threadId: fx.communityOtherThreadId }) },
  previewCommunityPost: { json: () => ({ body: 'Hello **world**' }) },
  // Follows, tool updates and notifications (updates.ts).
  getToolFollows: {},
  followTool: { params: (fx) => ({ toolId: fx.toolId }) },
  unfollowTool: { params: (fx) => ({ toolId: fx.toolId }) },
  followPerson: { params: (fx) => ({ userId: fx.other.userId }) },
  unfollowPerson: { params: (fx) => ({ userId: fx.other.userId }) },
  listToolUpdates: { params: (fx) => ({ toolId: fx.toolId }), query: (fx) => ({ cursor: fx.updatesCursor }), cursor: 'keyset' },
  postToolUpdate: {
    caller: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    nullable: ['version'],
    json: () => ({
      title: 'Queue mode for workers',
      content: 'Workers now pick up executions from a queue.\nLong workflows no longer block.',
      updateType: 'feature',
      version: '1.2',
    }),
  },
  listNotifications: { query: (fx) => ({ cursor: fx.updatesCursor, tool: fx.toolId }), cursor: 'keyset' },
  getUnreadNotificationCount: {},
  markNotificationRead: { caller: 'owner', params: (fx) => ({ id: fx.notificationId }) },
  markAllNotificationsRead: {},
  // Changelog sources of the owner's tool and re-typing its updates (tool-feeds.ts, docs/decisions/039).
  listChangelogSources: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId }) },
  addChangelogSource: {
    caller: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    // 127.0.0.1:9 is the suites' OUTBOUND_ALLOW_HOSTS: accepted, and nothing listens there.
    json: () => ({ url: `http://127.0.0.1:9/feeds/${randomBytes(5).toString('hex')}.xml` }),
  },
  removeChangelogSource: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }), destructive: true },
  resumeChangelogSource: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }) },
  fetchChangelogSource: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }) },
  retypeToolUpdate: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId, updateId: fx.toolUpdateId }), json: () => ({ updateType: 'bug_fix' }) },
  // Studio (sales.ts).
  listMySales: { query: (fx) => ({ limit: '10', cursor: fx.updatesCursor }), cursor: 'keyset' },
  // Discount codes (docs/decisions/075): a fresh code name each time, so repeated valid requests create.
  listDiscountCodes: {},
  createDiscountCode: {
    // null is 'none' in these fields (all products, no limit, no dates): stored as such.
    nullable: ['productIds', 'maxUses', 'startsAt', 'endsAt', 'percentOff', 'amountOffCents'],
    json: () => ({ code: `SPRING-${randomBytes(3).toString('hex')}`, kind: 'fixed', amountOffCents: 500, productIds: null, maxUses: 10, minPriceCents: 100 }),
  },
  updateDiscountCode: {
    caller: 'owner',
    nullable: ['productIds', 'maxUses', 'startsAt', 'endsAt', 'percentOff', 'amountOffCents'],
    params: (fx) => ({ id: fx.discountCodeId }),
    json: () => ({ maxUses: 50, endsAt: '2030-01-31' }),
  },
  // Bundles (docs/decisions/080): a fresh title each time (a near-duplicate title is refused), of the owner's two paid products.
  listBundles: {},
  createBundle: {
    caller: 'owner',
    nullable: ['description'],
    json: (fx) => ({ title: `Bundle ${randomBytes(8).toString('hex')}`, priceCents: 2500, productIds: fx.bundleItemIds }),
  },
  setBundleItems: { caller: 'owner', params: (fx) => ({ id: fx.bundleId }), json: (fx) => ({ productIds: fx.bundleItemIds }) },
  // Emails to customers (docs/decisions/078). The owner's product is free, so it has no buyers:
  // a send to them is refused before it is recorded, and never uses up the daily limit of 3
  // that the hostile variants would otherwise exhaust (tests/integration/customer-emails.test.ts sends).
  listCustomerEmails: {},
  getCustomerEmail: { caller: 'owner', params: (fx) => ({ id: fx.customerEmailId }) },
  previewCustomerEmail: { json: () => ({ subject: 'Version 2 is out', body: 'Thank you.\n\n**Version 2** is out: [see it](/library).' }) },
  sendTestCustomerEmail: {
    nullable: ['productId'],
    json: (fx) => ({ audience: 'product', productId: fx.productId, subject: 'Version 2 is out', body: 'Thank you for your download.' }),
  },
  sendCustomerEmail: {
    nullable: ['productId'],
    json: (fx) => ({ audience: 'product', productId: fx.productId, subject: 'Version 2 is out', body: 'Thank you for your download.' }),
    expect: { status: 422, why: 'the owner’s product is free: no paid buyers to send to (CUSTOMER_EMAIL_NO_RECIPIENTS)' },
  },
  // API keys (docs/decisions/025) and creator webhooks (docs/decisions/027) (settings.ts). The webhook
  // examples subscribe only to sale.refunded, which the suite never sends the owner, so no delivery runs
  // in the background.
  listApiKeys: {},
  createApiKey: { json: () => ({ name: 'Nightly import script', scopes: ['products:read', 'products:write'] }) },
  revokeApiKey: { caller: 'owner', params: (fx) => ({ id: fx.apiKeyId }), destructive: true },
  listWebhookEndpoints: {},
  createWebhookEndpoint: {
    // 127.0.0.1:9 is the suite's OUTBOUND_ALLOW_HOSTS: accepted, and nothing listens there.
    json: () => ({ url: 'http://127.0.0.1:9/hooks', description: 'Automation', events: ['sale.refunded'] }),
  },
  updateWebhookEndpoint: { caller: 'owner', params: (fx) => ({ id: fx.webhookId }), json: () => ({ description: 'Renamed', events: ['sale.refunded'] }) },
  deleteWebhookEndpoint: { caller: 'owner', params: (fx) => ({ id: fx.webhookId }), destructive: true },
  rollWebhookSecret: { caller: 'owner', params: (fx) => ({ id: fx.webhookId }) },
  sendWebhookTest: { caller: 'owner', params: (fx) => ({ id: fx.webhookId }) },
  listWebhookDeliveries: {
    caller: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    query: (fx) => ({ cursor: fx.deliveriesCursor, limit: '10' }),
    cursor: 'keyset',
  },
  // Account settings (account.ts, docs/decisions/032).
  setHandle: { json: () => ({ handle: `olive-${randomBytes(3).toString('hex')}` }) },
  listAccountSessions: {},
  revokeAccountSession: { caller: 'owner', params: (fx) => ({ id: fx.spareSessionId }), destructive: true },
  exportAccountData: {},
  // Email notifications (notification-settings.ts, docs/decisions/041): the one-click unsubscribe and
  // its undo need only the signed token; Resend's events need its signature.
  getNotificationSettings: {},
  putNotificationSettings: { json: () => ({ preferences: { ...defaultPreferences(), tool_update: 'instant' } }) },
  unsubscribeOneClick: { query: (fx) => ({ token: createUnsubscribeToken(fx.other.userId, 'community_mention') }) },
  undoUnsubscribe: { query: (fx) => ({ token: createUnsubscribeToken(fx.other.userId, 'community_mention') }) },
  receiveEmailEvent: {
    // Read raw (the signature covers its bytes): hostile JSON reaches the signature check, never a parser.
    json: () => ({ type: 'email.bounced', data: { to: ['ada@example.com'], bounce: { type: 'Permanent' } } }),
    expect: { status: 400, why: 'an event without a valid Svix signature is refused before anything is read (signed events: email-notifications.test.ts)' },
  },
  // Licence keys (licenses.ts, functions/licenses).
  verifyLicense: { json: (fx) => ({ product_id: fx.productId, license_key: fx.licenseKey, increment_uses_count: true }) },
  changeLicense: { caller: 'owner', params: (fx) => ({ id: fx.licenseId }), json: () => ({ disabled: false }) },
  // Products (products.ts): the catalogue, the creator's own, and the review queue (docs/decisions/031;
  // its rules: tests/integration/review-queue.test.ts).
  searchProducts: {
    query: (fx) => ({
      search: 'email',
      category: 'business',
      type: 'content-creation',
      budget: 'under-50',
      tool: 'chatgpt',
      pricing: 'one_time',
      level: 'beginner',
      sort: 'newest',
      cursor: fx.searchCursor,
      limit: '10',
    }),
    cursor: 'search',
  },
  listMyProducts: {
    query: () => ({
      search: 'email',
      status: 'published',
      category: 'business',
      limit: '10',
      // A keyset position (functions/_shared/cursor.ts): the exact creation time and id of a product.
      cursor: Buffer.from(JSON.stringify({ c: '2026-11-21 10:00:00.123456+00', id: randomUUID() })).toString('base64url'),
    }),
    cursor: 'search',
  },
  createMyProduct: { json: productExample, lenient: PRODUCT_LENIENT, nullable: PRODUCT_NULLABLE },
  getMyProduct: { caller: 'owner', params: (fx) => ({ id: fx.productId }) },
  replaceMyProduct: {
    caller: 'owner',
    params: (fx) => ({ id: fx.spareProductId }),
    json: productExample,
    lenient: PRODUCT_LENIENT,
    nullable: PRODUCT_NULLABLE,
  },
  patchMyProduct: {
    caller: 'owner',
    params: (fx) => ({ id: fx.spareProductId }),
    json: () => ({ title: 'A spare product, renamed', status: 'published', tags: ['spare'] }),
  },
  deleteMyProduct: { caller: 'owner', params: (fx) => ({ id: fx.spareProductId }), destructive: true },
  getProductAccess: { params: (fx) => ({ id: fx.paidProductId }) },
  downloadProduct: { caller: 'user', params: (fx) => ({ id: fx.productId }) },
  getProductFile: { caller: 'owner', params: (fx) => ({ id: fx.productId, name: fx.deliverableName }) },
  recordProductView: { params: (fx) => ({ id: fx.productId }), json: () => ({ sessionId: 'session-123', type: 'view' }) },
  // Visit analytics (analytics.ts, docs/decisions/079).
  recordProductVisit: {
    params: (fx) => ({ id: fx.productId }),
    json: () => ({ referrer: 'news.ycombinator.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' }),
    nullable: ['referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'ref'],
  },
  // Affiliates (affiliates.ts, docs/decisions/081).
  setProductAffiliates: { caller: 'owner', params: (fx) => ({ id: fx.productId }), json: () => ({ percent: 30 }), nullable: ['percent'] },
  getAffiliateLink: { params: (fx) => ({ id: fx.affiliateProductId }) },
  listMyAffiliateLinks: {},
  exportTrafficCsv: { caller: 'owner', query: (fx) => ({ productId: fx.productId }) },
  listReviewQueue: { query: () => ({ limit: '50' }) },
  approveProduct: { params: (fx) => ({ id: fx.inReviewProductId }) },
  rejectProduct: { params: (fx) => ({ id: fx.spareInReviewProductId }), json: () => ({ reason: 'This repeats a listing already in the marketplace.' }) },
  listProductVersions: { params: (fx) => ({ id: fx.productId }), query: () => ({ limit: '10' }), cursor: 'keyset' },
  // Uploads (uploads.ts).
  getStorageUsage: {},
  uploadProductImage: { multipart: (fx) => ({ fields: { slot: 'main', index: '0' }, file: { name: 'cover.png', bytes: fx.png, type: 'image/png' } }) },
  uploadDeliverable: { multipart: (fx) => ({ fields: {}, file: { name: 'templates.zip', bytes: fx.zip, type: 'application/zip' } }) },
  removeUpload: { caller: 'owner', json: (fx) => ({ url: fx.looseUploadUrl }), destructive: true },
  // The AI tools directory (tools.ts, docs/decisions/038); its rules: tests/integration/tools-directory.test.ts.
  submitTool: { nullable: ['documentationUrl', 'githubUrl', 'logoUrl'], json: () => toolExample() },
  getToolRecord: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId }) },
  updateTool: {
    caller: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    nullable: ['documentationUrl', 'githubUrl', 'logoUrl'],
    json: () => ({ ...toolExample(), name: 'n8n', officialSite: 'https://n8n.io' }),
  },
  listToolQueue: { query: () => ({ limit: '50' }) },
  reviewTool: {
    params: (fx) => ({ toolId: fx.pendingToolId }),
    nullable: ['message'],
    json: () => ({ decision: 'reject', message: 'This is not an AI tool.' }),
  },
  revokeToolClaim: { params: (fx) => ({ toolId: fx.revocableToolId }), json: () => ({ reason: 'The domain changed hands.' }), destructive: true },
  startToolClaim: { params: () => ({ toolId: 'zapier' }), nullable: ['email', 'organisation'], json: () => ({ method: 'well_known', organisation: 'Zapier' }) },
  verifyToolClaim: {
    caller: 'owner',
    params: (fx) => ({ claimId: fx.toolClaimId }),
    json: () => ({ token: 'not-the-emailed-token' }),
    expect: { status: 409, why: 'only the emailed token completes the claim' },
  },
  listToolClaimQueue: {},
  reviewToolClaim: {
    params: (fx) => ({ claimId: fx.inReviewClaimId }),
    // No message: a rejection without one is valid, so the hostile suite's null message would
    // decide the claim before this example runs. The message is the same text field as a tool
    // review's, which meets every hostile variant on /api/admin/tools/{toolId}/review.
    json: () => ({ decision: 'reject' }),
  },
  inviteToolMaintainer: { caller: 'owner', params: (fx) => ({ toolId: fx.toolId }), json: () => ({ invitee: email() }) },
  acceptToolInvite: { json: () => ({ token: 'no-such-invitation-token' }), expect: { status: 404, why: 'no invitation has this token' } },
  // Q&A (community-qa.ts, docs/decisions/036).
  acceptCommunityAnswer: { caller: 'owner', params: (fx) => ({ threadId: fx.communityQuestionId }), json: (fx) => ({ replyId: fx.communityAnswerId }) },
  clearCommunityAnswer: { caller: 'owner', params: (fx) => ({ threadId: fx.communityQuestionId }) },
  listProductQuestions: { params: (fx) => ({ id: fx.productId }), query: (fx) => ({ cursor: fx.updatesCursor, limit: '5' }), cursor: 'keyset' },
  askProductQuestion: {
    params: (fx) => ({ id: fx.productId }),
    json: () => ({ title: 'Does it work with the free plan?', body: 'I am on the **free** plan of the tool.' }),
  },
  // Moderation (moderation.ts): reports, and the administrators' queue, actions and log.
  reportContent: {
    params: (fx) => ({ kind: 'product_review', targetId: fx.productReviewId }),
    // A product review's id; the declared schema also takes a user id (the target of a profile report).
    ids: { targetId: 'uuid' },
    json: () => ({ reason: 'misleading', note: 'About another product.' }),
    nullable: ['note'],
  },
  listReports: { query: () => ({ status: 'open', limit: '50' }) },
  actOnReport: { params: (fx) => ({ id: fx.reportId }), json: () => ({ action: 'dismiss', reason: 'Not a violation.' }) },
  listModerationLog: { query: () => ({ limit: '50' }) },
  liftSuspension: { params: (fx) => ({ userId: fx.suspendedUserId }), json: () => ({ reason: 'Appeal accepted: the reviews were genuine.' }) },
  // Reputation (docs/decisions/052).
  getUserReputation: { params: (fx) => ({ userId: fx.other.userId }) },
  resetUserReputation: { params: (fx) => ({ userId: fx.other.userId }), json: () => ({ reason: 'Up-votes from accounts made to farm reputation.' }) },
};
