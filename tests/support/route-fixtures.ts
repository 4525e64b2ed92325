/**
 * The fixtures behind the routes' valid examples (tests/support/route-examples.ts): two
 * creators, an administrator, products, a private deliverable, a notification, a paid order, an
 * open checkout, a tool the owner maintains and the objects the administrators' queues hold,
 * in a fresh database. Shared by the hostile-input suite and the API contract test, which both
 * call every route with its valid example.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { LocalBlobStore } from '@/functions/_shared/blob-store';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { postToolUpdate } from '@/functions/tool-updates/tool-updates.service';
import { drainJobs } from '@/functions/jobs';
import { uploadDeliverable } from '@/functions/uploads/uploads.service';
import type { SessionUser } from '@/src/shared/session';
import { encodeCursor } from '@/functions/_shared/cursor';
import { getAuth } from '@/functions/auth/auth';
import { createApiKey } from '@/functions/api-keys/api-keys.service';
import { createWebhookEndpoint } from '@/functions/webhooks/webhooks.service';
import { createDiscountCode } from '@/functions/payments/discounts.service';
import { createBundle } from '@/functions/products/bundles.service';
import { createProductReview } from '@/functions/product-reviews/product-reviews.service';
import { addChangelogSource } from '@/functions/tool-feeds/tool-feeds.service';
import { startClaim } from '@/functions/tools/claims.service';
import { submitTool } from '@/functions/tools/submissions.service';
import { reportTarget } from '@/functions/moderation/moderation.service';
import type { ToolInput } from '@/src/shared/api/schemas/tools';
import { createReply, createThread } from '@/functions/community/community.service';
import { signUp, TEST_PASSWORD, type TestSession } from './api';
import { createProduct, ensureCategories } from './factories';
import { CARD_OK } from './payments';
import { toolExample } from './example-bodies';
import type { TestDb } from './test-db';

/** What the fixtures provide to build valid requests (who `owner`, `other` and `admin` are: tests/support/route-table.ts, sessionFor). */
export interface RouteFixtures {
  owner: TestSession;
  other: TestSession;
  password: string;
  /** The owner's published product, with a private deliverable the owner downloaded. */
  productId: string;
  /** Another of the owner's products, for the destructive DELETE example. */
  spareProductId: string;
  deliverableName: string;
  /** An uploaded file of the owner that no product uses. */
  looseUploadUrl: string;
  /** One of the owner's notifications. */
  notificationId: string;
  /** A paid order of the owner's (they bought another creator's product). */
  orderId: string;
  /** Another creator's paid product the owner has not bought. */
  paidProductId: string;
  /** Another user's pay-what-you-want product: at least $2.00, $8.00 suggested (docs/decisions/077). */
  pwywProductId: string;
  /** The owner's open local checkout of paidProductId. */
  checkoutSessionId: string;
  /** A tool the owner maintains. */
  toolId: string;
  /** A changelog source of that tool (its URL, on 127.0.0.1:9, refuses every connection). */
  changelogSourceId: string;
  /** An update of that tool. */
  toolUpdateId: string;
  /** The owner's pending claim (by email) of another tool, Zapier. */
  toolClaimId: string;
  /** One of the owner's API keys (its id). */
  apiKeyId: string;
  /** A licence key of the owner's product (productId, which issues keys): the other user's, from their download. */
  licenseId: string;
  licenseKey: string;
  /** Another creator's free product the owner downloaded and has not reviewed. */
  freeProductId: string;
  /** The owner's review of the other creator's product they bought. */
  ownerReviewId: string;
  /** The other user's review of the owner's product (productId), without a reply. */
  productReviewId: string;
  /** A valid keyset cursor (time and id) for the tool's updates, the owner's feed, reviews and favorites. */
  updatesCursor: string;
  /** A second session of the owner's (not the one the suite signs in with). */
  spareSessionId: string;
  /** One of the owner's webhook endpoints (its URL refuses every delivery without a connection). */
  webhookId: string;
  /** One of the owner's discount codes (docs/decisions/075). */
  discountCodeId: string;
  /** The owner's bundle (docs/decisions/080) of their two paid one-time products, bundleItemIds. */
  bundleId: string;
  bundleItemIds: string[];
  /** The other user's product offering affiliates 30% (docs/decisions/081): the owner gets a link to it. */
  affiliateProductId: string;
  /** One of the owner's emails to customers (docs/decisions/078), recorded directly: the owner has no buyers to send to. */
  customerEmailId: string;
  /** A valid keyset cursor for the owner's webhook deliveries. */
  deliveriesCursor: string;
  /** A valid search cursor (sort newest). */
  searchCursor: string;
  /** The owner's community thread (just posted: editable), and the other user's (the owner votes, replies, follows there). */
  communityThreadId: string;
  communityOtherThreadId: string;
  /** The owner's reply (editable) on the other user's thread, and the other user's reply on it (the owner votes on it). */
  communityReplyId: string;
  communityOtherReplyId: string;
  /** Another thread and reply of the owner's, for the destructive DELETE examples. */
  spareCommunityThreadId: string;
  spareCommunityReplyId: string;
  /** Q&A (docs/decisions/036): the owner's question, and the other user's reply to it. */
  communityQuestionId: string;
  communityAnswerId: string;
  /** An administrator (profiles.role 'admin'): the admin routes' valid requests are theirs. */
  admin: TestSession;
  /** Two of the other user's products waiting in the review queue (one to approve, one to reject). */
  inReviewProductId: string;
  spareInReviewProductId: string;
  /** The other user's open report of the owner's thread. */
  reportId: string;
  /** A tool the other user submitted, waiting for review. */
  pendingToolId: string;
  /** The other user's proven claim of the owner's tool, waiting for an administrator. */
  inReviewClaimId: string;
  /** A tool the other user maintains, for the destructive revoke example (Make). */
  revocableToolId: string;
  /** A third user, suspended for a month (an administrator lifts it). */
  suspendedUserId: string;
  png: Buffer;
  zip: Buffer;
}

export async function buildRouteFixtures(t: TestDb, blobs: LocalBlobStore): Promise<RouteFixtures> {
  await ensureCategories(t.db);

  const owner = await signUp('creator', 'Olive Owner');
  const other = await signUp('creator', 'Oscar Other');
  // The administrator of the admin routes' valid requests (the owner, not one, is refused there).
  const admin = await signUp('community', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  // Established accounts: a new account's posting limits (3 discussions a day, docs/decisions/037)
  // would answer the contract's examples 429; moderation.test.ts tests those limits.
  await t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
    .where('id', 'in', [owner.userId, other.userId])
    .execute();
  for (const [id, name, maintainer, host] of [
    ['n8n', 'n8n', owner.userId, 'n8n.io'],
    ['zapier', 'Zapier', other.userId, 'zapier.com'],
    // The administrator revokes this claim in the destructive example.
    ['make', 'Make', other.userId, 'make.com'],
  ] as const) {
    await t.db
      .insertInto('ai_tools')
      .values({ id, name, claimed_by: maintainer, official_site: `https://${host}`, official_site_host: host })
      .execute();
  }
  // The owner's claim of Zapier by email (its link's token is unknown here: verifying answers 409).
  const claim = await startClaim(t.db, owner.userId, 'zapier', { method: 'email', email: 'olive@zapier.com' });
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
  const deliverable = await uploadDeliverable(t.db, blobs, owner.userId, { name: 'templates.zip', bytes: zip });
  const loose = await uploadDeliverable(t.db, blobs, owner.userId, { name: 'spare.zip', bytes: zip });
  const product = await createProduct(t.db, owner.userId, {
    title: 'Cold email sequences',
    price: 0,
    pricing_model: 'free',
    category_id: 'business',
    content_delivery_type: 'file',
    file_urls: [deliverable.url],
    issues_license_keys: true,
  });
  const spare = await createProduct(t.db, owner.userId, { title: 'Spare product', status: 'draft' });
  await downloadProduct(t.db, owner.userId, product.id);
  // The other user's first download of it claims a licence key of the owner's product.
  await downloadProduct(t.db, other.userId, product.id);
  const license = await t.db.selectFrom('licenses').select(['id', 'key']).where('product_id', '=', product.id).executeTakeFirstOrThrow();
  // A notification for the owner: they follow Zapier, whose maintainer posts an update.
  await t.db.insertInto('ai_tool_follows').values({ user_id: owner.userId, tool_id: 'zapier' }).execute();
  await postToolUpdate(t.db, other.userId, 'zapier', {
    title: 'Faster triggers',
    content: 'Triggers now fire within a second of the event.',
    updateType: 'feature',
  });
  // The notices are written by the update's fan-out job.
  await drainJobs(t.db);
  const notification = await t.db.selectFrom('user_notifications').select('id').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
  // Payments: the owner buys one of the other creator's paid products (an order of theirs to
  // read, refund or cancel) and has an open checkout for another.
  const payments = defaultPaymentsDeps();
  const bought = await createProduct(t.db, other.userId, {
    title: 'Outbound playbook',
    price: 19,
    pricing_model: 'one_time',
    category_id: 'business',
    content_delivery_type: 'text',
    content_text: 'The playbook.',
  });
  const forSale = await createProduct(t.db, other.userId, {
    title: 'Inbound playbook',
    price: 29,
    pricing_model: 'one_time',
    category_id: 'business',
    content_delivery_type: 'text',
    content_text: 'The other playbook.',
  });
  const pwyw = await createProduct(t.db, other.userId, {
    title: 'Name-your-price playbook',
    price: 2,
    pricing_model: 'one_time',
    pay_what_you_want: true,
    suggested_price: 8,
    content_delivery_type: 'text',
    content_text: 'The pay-what-you-want playbook.',
  });
  const buyer = { id: owner.userId, email: owner.email } as SessionUser;
  const purchase = await startCheckout(t.db, payments, buyer, { productId: bought.id });
  await payLocalCheckout(t.db, payments, owner.userId, purchase.url.split('/checkout/')[1]!, CARD_OK);
  const open = await startCheckout(t.db, payments, buyer, { productId: forSale.id });
  // Product reviews: the owner reviews what they bought, the other user the owner's product
  // they downloaded; the owner downloaded another free product and has not reviewed it yet.
  const free = await createProduct(t.db, other.userId, {
    title: 'Free follow-up templates',
    price: 0,
    pricing_model: 'free',
    category_id: 'business',
    content_delivery_type: 'text',
    content_text: 'The templates.',
  });
  await downloadProduct(t.db, owner.userId, free.id);
  const ownerReview = await createProductReview(t.db, owner.userId, bought.id, { rating: 4, text: 'A clear playbook with real examples.' });
  const otherReview = await createProductReview(t.db, other.userId, product.id, { rating: 5, text: 'The sequences got replies in a week.' });
  const apiKey = await createApiKey(t.db, await getAuth(), owner.userId, { name: 'Hostile suite key', scopes: ['products:read'] });
  // The owner's tool: an update of it, and a changelog source whose URL refuses every connection.
  const toolUpdate = await postToolUpdate(t.db, owner.userId, 'n8n', {
    title: 'Queue mode metrics',
    content: 'Workers now report their queue depth and latency.',
    updateType: 'feature',
    version: null,
  });
  const changelogSource = await addChangelogSource(t.db, owner.userId, 'n8n', { url: 'http://127.0.0.1:9/feeds/releases.atom' });
  const webhook = await createWebhookEndpoint(t.db, owner.userId, { url: 'http://127.0.0.1:9/hooks', description: '', events: ['sale.refunded'] });
  const discount = await createDiscountCode(t.db, owner.userId, {
    code: 'FIXTURE10',
    kind: 'percent',
    percentOff: 10,
    amountOffCents: null,
    productIds: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    minPriceCents: 0,
  });
  // The owner's bundle of two paid products of theirs (docs/decisions/080).
  const paidOfOwner = (title: string, price: number) =>
    createProduct(t.db, owner.userId, { title, price, pricing_model: 'one_time', category_id: 'business', content_delivery_type: 'text', content_text: title });
  const bundleItems = [await paidOfOwner('Subject line swipe file', 19), await paidOfOwner('Follow-up cadence planner', 29)];
  const bundle = await createBundle(t.db, owner.userId, {
    title: 'Outreach starter pack',
    description: null,
    priceCents: 3900,
    productIds: bundleItems.map((p) => p.id),
  });
  // The other user's product offering affiliates (docs/decisions/081).
  const affiliateProduct = await createProduct(t.db, other.userId, {
    title: 'Cold email openers',
    price: 15,
    pricing_model: 'one_time',
    category_id: 'business',
    content_delivery_type: 'text',
    content_text: 'Openers',
  });
  await t.db.updateTable('products').set({ affiliate_percent: 30 }).where('id', '=', affiliateProduct.id).execute();
  const customerEmail = await t.db
    .insertInto('customer_emails')
    .values({
      creator_id: owner.userId,
      audience: 'followers',
      subject: 'Thanks for following',
      body_markdown: 'Thank you.',
      body_html: '<p>Thank you.</p>',
      recipient_count: 0,
      created_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Community threads and replies (docs/decisions/035), in the general 'help' space.
  const thread = (who: string, title: string) =>
    createThread(t.db, who, {
      spaceId: 'help',
      title,
      body: 'How do you **chain** prompts?',
      kind: 'discussion',
      tags: ['prompts'],
      productIds: [],
      toolIds: [],
    });
  const communityThread = await thread(owner.userId, 'Chaining prompts in n8n');
  const spareCommunityThread = await thread(owner.userId, 'A thread to delete');
  const communityOtherThread = await thread(other.userId, 'Prompts that survive model updates');
  const communityOtherReply = await createReply(t.db, other.userId, communityOtherThread.id, { body: 'Pin the model version.' });
  const communityReply = await createReply(t.db, owner.userId, communityOtherThread.id, { body: 'And keep a test set.' });
  const spareCommunityReply = await createReply(t.db, owner.userId, communityOtherThread.id, { body: 'A reply to delete.' });
  // Q&A (docs/decisions/036): the owner's question with the other user's reply.
  const communityQuestion = await createThread(t.db, owner.userId, {
    spaceId: 'help',
    title: 'Which model for long PDFs?',
    body: 'Asking for a friend.',
    kind: 'question',
    tags: [],
    productIds: [],
    toolIds: [],
  });
  const communityAnswer = await createReply(t.db, other.userId, communityQuestion.id, { body: 'One with a long context window.' });
  // The administrators' queues: two of the other user's products in review, their report of the
  // owner's thread, a tool they submitted, and their proven claim of the owner's tool (n8n
  // already has an owner, so a verified claim waits; the emailed token is unknown here, so the
  // claim is marked proven directly).
  const inReview = (title: string) => createProduct(t.db, other.userId, { title, status: 'in_review', category_id: 'business' });
  const inReviewProduct = await inReview('Waiting for review');
  const spareInReviewProduct = await inReview('Also waiting for review');
  const { report } = await reportTarget(t.db, other.userId, 'thread', communityThread.id, { reason: 'spam', note: 'An advert.' });
  const pendingTool = await submitTool(t.db, other.userId, toolExample() as ToolInput);
  const otherClaim = await startClaim(t.db, other.userId, 'n8n', { method: 'email', email: 'oscar@n8n.io' });
  await t.db.updateTable('tool_claims').set({ status: 'in_review', verified_at: new Date() }).where('id', '=', otherClaim.id).execute();
  // A third user, suspended (not the other user, whose requests stand for any signed-in stranger's).
  const suspended = await signUp('community', 'Sid Suspended');
  await t.db
    .updateTable('profiles')
    .set({ suspended_until: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000), suspension_reason: 'Advertising in reviews.' })
    .where('id', '=', suspended.userId)
    .execute();
  // A second session of the owner's (another device), for the revoke of one session.
  const spareSession = await (await (await getAuth()).$context).internalAdapter.createSession(owner.userId);

  return {
    owner,
    other,
    password: TEST_PASSWORD,
    productId: product.id,
    spareProductId: spare.id,
    deliverableName: deliverable.url.slice(deliverable.url.lastIndexOf('/') + 1),
    looseUploadUrl: loose.url,
    notificationId: notification.id,
    orderId: purchase.orderId,
    paidProductId: forSale.id,
    pwywProductId: pwyw.id,
    freeProductId: free.id,
    ownerReviewId: ownerReview.review.id,
    productReviewId: otherReview.review.id,
    checkoutSessionId: open.url.split('/checkout/')[1]!,
    toolId: 'n8n',
    changelogSourceId: changelogSource.id,
    toolUpdateId: toolUpdate.update.id,
    toolClaimId: claim.id,
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
    discountCodeId: discount.id,
    bundleId: bundle.id,
    bundleItemIds: bundleItems.map((p) => p.id),
    affiliateProductId: affiliateProduct.id,
    customerEmailId: customerEmail.id,
    spareSessionId: spareSession.id,
    deliveriesCursor: encodeCursor({ at: new Date().toISOString(), id: randomUUID() }),
    updatesCursor: encodeCursor({ at: new Date().toISOString(), id: randomUUID() }),
    communityThreadId: communityThread.id,
    communityOtherThreadId: communityOtherThread.id,
    communityReplyId: communityReply.id,
    communityOtherReplyId: communityOtherReply.id,
    spareCommunityThreadId: spareCommunityThread.id,
    spareCommunityReplyId: spareCommunityReply.id,
    communityQuestionId: communityQuestion.id,
    communityAnswerId: communityAnswer.id,
    admin,
    inReviewProductId: inReviewProduct.id,
    spareInReviewProductId: spareInReviewProduct.id,
    reportId: report.id,
    pendingToolId: pendingTool.id,
    inReviewClaimId: otherClaim.id,
    revocableToolId: 'make',
    suspendedUserId: suspended.userId,
    licenseId: license.id,
    licenseKey: license.key,
    searchCursor: Buffer.from(JSON.stringify({ s: 'newest', v: '2026-11-21 10:00:00.123456+00', id: randomUUID() })).toString('base64url'),
    png: await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer(),
    zip,
  };
}
