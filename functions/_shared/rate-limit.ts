/**
 * Write limits: every state-changing API route has one (docs/decisions/011).
 *
 * - WRITE_LIMITS declares each limit once: a fixed window, a count per signed-in account and
 *   a (larger) count per client address, so neither many accounts on one address nor one
 *   account on many addresses gets past it. WRITE_ROUTES says which limit each write route
 *   (`METHOD /astro/route/[param]`) counts against; routes that share a limit share a budget.
 * - enforceWriteLimit() is the one guard: src/middleware.ts calls it for every on-demand API
 *   request, after loading the session. A request over a limit answers 429 RATE_LIMITED with
 *   the error shape and `Retry-After` (seconds to the end of the window); attempts count, not
 *   successes, as with the sign-in limits.
 * - The counters live in the database (rate_limit_counters), so they hold across serverless
 *   instances; the client address comes from Astro (clientAddress), never from a header.
 * - The auth routes keep better-auth's own limits (AUTH_RATE_LIMITS in auth.ts, in its
 *   rate_limits table); RATE_LIMIT_SCALE multiplies those and these (automated tests only).
 * - tests/integration/rate-limits.test.ts fails when a write route under src/pages/api has
 *   no entry in WRITE_ROUTES or WRITE_ROUTES_LIMITED_ELSEWHERE.
 * - Requests made with an API key also count against the key's own limit (API_KEY_LIMIT,
 *   reads too; docs/decisions/025), in the same table; writes count against the account's
 *   write limits as well.
 * - Windows are counted on readClock() (clock.ts): the real time, which a test can set to put a
 *   burst inside one window without waiting; hitWriteLimit() and hitApiKeyLimit() also take `now`.
 */
import type { APIContext } from 'astro';
import type { Db } from '@/db/database';
import { readClock } from './clock';
import { getEnv } from '@/env';
import { errorResponse } from './http';
import { deleteExpiredCounters, incrementCounters } from './rate-limit.repository';

export interface WriteLimit {
  /** What is counted, in the 429 message: 'Too many image uploads.' */
  label: string;
  windowSeconds: number;
  /** Requests per window per signed-in account. */
  perAccount: number;
  /** Requests per window per client address (IPv6: per /64), signed in or not. */
  perAddress: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const WRITE_LIMITS = {
  imageUpload: { label: 'image uploads', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  fileUpload: { label: 'file uploads', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  profileImage: { label: 'profile picture changes', windowSeconds: 10 * MINUTE, perAccount: 10, perAddress: 30 },
  uploadRemoval: { label: 'file removals', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  productCreate: { label: 'new products', windowSeconds: HOUR, perAccount: 20, perAddress: 60 },
  productUpdate: { label: 'product changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  productDelete: { label: 'product deletions', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  reviewWrite: { label: 'review changes', windowSeconds: 10 * MINUTE, perAccount: 10, perAddress: 30 },
  // Product reviews (docs/decisions/029): writing, editing and replying; votes and reports.
  productReviewWrite: { label: 'review changes', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  reviewVote: { label: 'helpful votes', windowSeconds: MINUTE, perAccount: 30, perAddress: 90 },
  // Reports of anything reportable (docs/decisions/037).
  report: { label: 'reports', windowSeconds: HOUR, perAccount: 20, perAddress: 60 },
  moderationAction: { label: 'moderation actions', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 360 },
  // An administrator retrying failed background jobs and emails at /admin/jobs (docs/decisions/044).
  jobRetry: { label: 'retries', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  followToggle: { label: 'follow changes', windowSeconds: MINUTE, perAccount: 30, perAddress: 90 },
  favoriteToggle: { label: 'favorite changes', windowSeconds: MINUTE, perAccount: 30, perAddress: 90 },
  toolUpdatePost: { label: 'tool updates', windowSeconds: HOUR, perAccount: 10, perAddress: 30 },
  notificationWrite: { label: 'notification changes', windowSeconds: MINUTE, perAccount: 60, perAddress: 180 },
  profileEdit: { label: 'profile changes', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  payoutRequest: { label: 'payout requests', windowSeconds: HOUR, perAccount: 5, perAddress: 15 },
  download: { label: 'downloads', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  // Anonymous: a view is counted once per visitor and day anyway (interactions.service.ts);
  // this caps how many visitor cookies one address can collect.
  productView: { label: 'product views', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 300 },
  // The product page's visit beacon (docs/decisions/079): one per page load, counted once per visitor and day anyway.
  productVisit: { label: 'product visits', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 300 },
  // A creator's discount codes (docs/decisions/075): creating and changing them.
  discountWrite: { label: 'discount code changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  // A creator's bundles (docs/decisions/080): creating one and changing its products.
  bundleWrite: { label: 'bundle changes', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  // Affiliates (docs/decisions/081): a creator's setting and an affiliate's links.
  affiliateWrite: { label: 'affiliate changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  // A creator's emails to customers (docs/decisions/078): previews, tests and sends (the sends
  // themselves are also limited to 3 a day by the service).
  customerEmailWrite: { label: 'emails to customers, tests and previews', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  // Payments (functions/payments, docs/decisions/013).
  // The cart (docs/decisions/082): adding, removing and the merge after sign-in.
  cartChange: { label: 'cart changes', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 360 },
  checkout: { label: 'checkout attempts', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  // The tax quote is asked again each time the buyer changes the country or VAT ID (docs/decisions/050).
  checkoutQuote: { label: 'tax quotes', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 360 },
  orderChange: { label: 'refund and cancellation requests', windowSeconds: HOUR, perAccount: 10, perAddress: 30 },
  // A creator or an administrator answering refund requests (docs/decisions/049).
  refundDecision: { label: 'refund decisions', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  // The review queue (docs/decisions/031): an administrator working through it.
  reviewDecision: { label: 'review decisions', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 360 },
  payoutSetup: { label: 'payout set-up requests', windowSeconds: 10 * MINUTE, perAccount: 10, perAddress: 30 },
  // An administrator completing creators' payouts at /admin/payouts (docs/decisions/048).
  payoutDecision: { label: 'payout decisions', windowSeconds: 10 * MINUTE, perAccount: 120, perAddress: 360 },
  // API keys (docs/decisions/025): creating and revoking them.
  apiKeyChange: { label: 'API key changes', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  // Creator webhooks (docs/decisions/027): a test ping makes one outbound request each.
  webhookWrite: { label: 'webhook changes', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  webhookTest: { label: 'test pings', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  // Licence keys (functions/licenses, docs/decisions/026). Verification needs no account, so the
  // address is what counts: a copy of the software checks its key when it starts; 60 a minute
  // from one address covers an office starting it together behind one NAT, and is nothing to
  // guess with (a key is 128 random bits). It stops floods and anyone pumping a use count.
  licenseVerify: { label: 'license checks', windowSeconds: MINUTE, perAccount: 20, perAddress: 60 },
  licenseChange: { label: 'license key changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  // Account settings (docs/decisions/032): a handle is picked a few times, sessions revoked one by one.
  handleChange: { label: 'handle changes', windowSeconds: 10 * MINUTE, perAccount: 10, perAddress: 30 },
  sessionRevoke: { label: 'session sign-outs', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  // Email notifications (docs/decisions/041): saving preferences; the one-click unsubscribe and
  // its undo come from mail providers' servers (many people behind one address), so per address it is generous.
  notificationSettings: { label: 'notification setting changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  unsubscribe: { label: 'unsubscribe requests', windowSeconds: MINUTE, perAccount: 30, perAddress: 600 },
  // Changelog sources of AI tools (docs/decisions/039): adding, removing, resuming, re-typing
  // updates; 'Fetch now' makes an outbound request each.
  toolFeedWrite: { label: 'changelog changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
  toolFeedFetch: { label: 'changelog fetches', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  // The AI tools directory (docs/decisions/038): submissions are rare; a claim sends an email
  // (to an address the claimant names) or fetches a URL, so both are kept low.
  toolSubmit: { label: 'tool submissions', windowSeconds: HOUR, perAccount: 10, perAddress: 30 },
  toolEdit: { label: 'tool changes', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  toolClaim: { label: 'tool claims', windowSeconds: HOUR, perAccount: 10, perAddress: 30 },
  toolClaimCheck: { label: 'claim checks', windowSeconds: 10 * MINUTE, perAccount: 20, perAddress: 60 },
  toolInvite: { label: 'maintainer invitations', windowSeconds: HOUR, perAccount: 20, perAddress: 60 },
  // The community (docs/decisions/035): posts (threads, replies, edits, deletions), votes,
  // follows and previews. Moderation's per-day posting limits are assertCanPost's, not these.
  communityPost: { label: 'posts', windowSeconds: 10 * MINUTE, perAccount: 30, perAddress: 90 },
  communityVote: { label: 'votes', windowSeconds: MINUTE, perAccount: 60, perAddress: 180 },
  communityFollow: { label: 'follow changes', windowSeconds: MINUTE, perAccount: 30, perAddress: 90 },
  communityPreview: { label: 'previews', windowSeconds: MINUTE, perAccount: 60, perAddress: 180 },
  // Q&A (docs/decisions/036): marking, changing and clearing a question's answer.
  answerMark: { label: 'answer changes', windowSeconds: 10 * MINUTE, perAccount: 60, perAddress: 180 },
} as const satisfies Record<string, WriteLimit>;

/**
 * Every request made with one API key, whatever its method (docs/decisions/025): a script
 * that loops cannot crowd out the database for everyone else. Per key, not per address: a
 * key is one client, and a creator's several keys have a budget each.
 */
export const API_KEY_LIMIT = { label: 'requests with this API key', windowSeconds: MINUTE, perKey: 120 } as const;

export type WriteLimitName = keyof typeof WRITE_LIMITS;

/** Every write route (as Astro names it: src/pages/api/<path>, [param] segments) and its limit. */
export const WRITE_ROUTES = {
  'POST /api/uploads/images': 'imageUpload',
  'POST /api/uploads/files': 'fileUpload',
  'DELETE /api/uploads': 'uploadRemoval',
  'POST /api/profile/avatar': 'profileImage',
  'DELETE /api/profile/avatar': 'profileImage',
  'POST /api/profile/banner': 'profileImage',
  'DELETE /api/profile/banner': 'profileImage',
  'PUT /api/profile': 'profileEdit',
  'PATCH /api/profile': 'profileEdit',
  'POST /api/profile/onboarding': 'profileEdit',
  'POST /api/profile/start-selling': 'profileEdit',
  'POST /api/me/products': 'productCreate',
  'PUT /api/me/products/[id]': 'productUpdate',
  'PATCH /api/me/products/[id]': 'productUpdate',
  'DELETE /api/me/products/[id]': 'productDelete',
  'PUT /api/reviews/[sellerId]': 'reviewWrite',
  'DELETE /api/reviews/[sellerId]': 'reviewWrite',
  'POST /api/products/[id]/reviews': 'productReviewWrite',
  'PUT /api/product-reviews/[reviewId]': 'productReviewWrite',
  'POST /api/product-reviews/[reviewId]/reply': 'productReviewWrite',
  'PUT /api/product-reviews/[reviewId]/helpful': 'reviewVote',
  'DELETE /api/product-reviews/[reviewId]/helpful': 'reviewVote',
  'POST /api/community/threads': 'communityPost',
  'PATCH /api/community/threads/[threadId]': 'communityPost',
  'DELETE /api/community/threads/[threadId]': 'communityPost',
  'POST /api/community/threads/[threadId]/replies': 'communityPost',
  'PATCH /api/community/replies/[replyId]': 'communityPost',
  'DELETE /api/community/replies/[replyId]': 'communityPost',
  'PUT /api/community/threads/[threadId]/vote': 'communityVote',
  'DELETE /api/community/threads/[threadId]/vote': 'communityVote',
  'PUT /api/community/replies/[replyId]/vote': 'communityVote',
  'DELETE /api/community/replies/[replyId]/vote': 'communityVote',
  'PUT /api/community/threads/[threadId]/follow': 'communityFollow',
  'DELETE /api/community/threads/[threadId]/follow': 'communityFollow',
  'POST /api/community/preview': 'communityPreview',
  'PUT /api/follows/tools/[toolId]': 'followToggle',
  'DELETE /api/follows/tools/[toolId]': 'followToggle',
  'PUT /api/follows/users/[userId]': 'followToggle',
  'DELETE /api/follows/users/[userId]': 'followToggle',
  'PUT /api/community/threads/[threadId]/answer': 'answerMark',
  'DELETE /api/community/threads/[threadId]/answer': 'answerMark',
  'POST /api/products/[id]/questions': 'communityPost',
  'PUT /api/favorites/[productId]': 'favoriteToggle',
  'DELETE /api/favorites/[productId]': 'favoriteToggle',
  'POST /api/tools/[toolId]/updates': 'toolUpdatePost',
  'POST /api/notifications/[id]/read': 'notificationWrite',
  'POST /api/notifications/read-all': 'notificationWrite',
  'POST /api/studio/payouts': 'payoutRequest',
  'POST /api/studio/payouts/[id]/cancel': 'payoutRequest',
  'POST /api/products/[id]/download': 'download',
  'POST /api/products/[id]/view': 'productView',
  'POST /api/products/[id]/visit': 'productVisit',
  'POST /api/studio/discounts': 'discountWrite',
  'PATCH /api/studio/discounts/[id]': 'discountWrite',
  'POST /api/studio/bundles': 'bundleWrite',
  'PUT /api/studio/bundles/[id]': 'bundleWrite',
  'PUT /api/studio/products/[id]/affiliates': 'affiliateWrite',
  'POST /api/products/[id]/affiliate-link': 'affiliateWrite',
  'POST /api/studio/customer-emails': 'customerEmailWrite',
  'POST /api/studio/customer-emails/preview': 'customerEmailWrite',
  'POST /api/studio/customer-emails/test': 'customerEmailWrite',
  'POST /api/checkout': 'checkout',
  'POST /api/checkout/cart': 'checkout',
  'POST /api/cart/items': 'cartChange',
  'DELETE /api/cart/items/[productId]': 'cartChange',
  'POST /api/cart/merge': 'cartChange',
  'POST /api/checkout/[sessionId]/pay': 'checkout',
  'POST /api/checkout/[sessionId]/quote': 'checkoutQuote',
  'POST /api/orders/[id]/refund': 'orderChange',
  'POST /api/orders/[id]/cancel-subscription': 'orderChange',
  'POST /api/orders/[id]/refund-request': 'orderChange',
  'POST /api/refund-requests/[id]/decision': 'refundDecision',
  'POST /api/admin/products/[id]/approve': 'reviewDecision',
  'POST /api/admin/products/[id]/reject': 'reviewDecision',
  'PUT /api/reports/[kind]/[targetId]': 'report',
  'POST /api/admin/reports/[id]/actions': 'moderationAction',
  'POST /api/admin/users/[userId]/unsuspend': 'moderationAction',
  'POST /api/admin/users/[userId]/reputation/reset': 'moderationAction',
  'POST /api/admin/jobs/[id]/retry': 'jobRetry',
  'POST /api/admin/emails/[id]/retry': 'jobRetry',
  'POST /api/payments/payouts/onboarding': 'payoutSetup',
  'POST /api/payments/payouts/dashboard': 'payoutSetup',
  'POST /api/admin/payouts/[id]/processing': 'payoutDecision',
  'POST /api/admin/payouts/[id]/paid': 'payoutDecision',
  'POST /api/admin/payouts/[id]/failed': 'payoutDecision',
  'POST /api/admin/creators/[userId]/ledger-adjustments': 'payoutDecision',
  'POST /api/settings/api-keys': 'apiKeyChange',
  'DELETE /api/settings/api-keys/[id]': 'apiKeyChange',
  'POST /api/settings/webhooks': 'webhookWrite',
  'PATCH /api/settings/webhooks/[id]': 'webhookWrite',
  'DELETE /api/settings/webhooks/[id]': 'webhookWrite',
  'POST /api/settings/webhooks/[id]/roll-secret': 'webhookWrite',
  'POST /api/settings/webhooks/[id]/test': 'webhookTest',
  'POST /api/v1/licenses/verify': 'licenseVerify',
  'PATCH /api/me/licenses/[id]': 'licenseChange',
  'PUT /api/settings/account/handle': 'handleChange',
  'DELETE /api/settings/account/sessions/[id]': 'sessionRevoke',
  'PUT /api/settings/notifications': 'notificationSettings',
  'POST /api/unsubscribe': 'unsubscribe',
  'POST /api/unsubscribe/undo': 'unsubscribe',
  'POST /api/tools/[toolId]/changelog-sources': 'toolFeedWrite',
  'DELETE /api/tools/[toolId]/changelog-sources/[sourceId]': 'toolFeedWrite',
  'POST /api/tools/[toolId]/changelog-sources/[sourceId]/resume': 'toolFeedWrite',
  'POST /api/tools/[toolId]/changelog-sources/[sourceId]/fetch': 'toolFeedFetch',
  'PATCH /api/tools/[toolId]/updates/[updateId]': 'toolFeedWrite',
  'POST /api/tools': 'toolSubmit',
  'PUT /api/tools/[toolId]': 'toolEdit',
  'POST /api/tools/[toolId]/claims': 'toolClaim',
  'POST /api/tool-claims/[claimId]/verify': 'toolClaimCheck',
  'POST /api/tools/[toolId]/maintainers': 'toolInvite',
  'POST /api/tool-invites/accept': 'toolEdit',
  'POST /api/admin/tools/[toolId]/review': 'reviewDecision',
  'POST /api/admin/tools/[toolId]/revoke': 'reviewDecision',
  'POST /api/admin/tool-claims/[claimId]/review': 'reviewDecision',
} as const satisfies Record<string, WriteLimitName>;

/** Write routes limited by something other than WRITE_ROUTES, and by what. */
export const WRITE_ROUTES_LIMITED_ELSEWHERE: Record<string, string> = {
  'ALL /api/auth/[...all]': "better-auth's own limits (AUTH_RATE_LIMITS in functions/auth/auth.ts), scaled by RATE_LIMIT_SCALE",
  // An /api address no route serves writes nothing: it answers the JSON 404 (docs/decisions/085).
  'ALL /api/[...unrouted]': 'writes nothing: it only answers 404 NOT_FOUND',
  // A 429 would make Stripe retry the same event for days; instead nothing is written before
  // the signature over the raw body checks out (an HMAC, cheap to refuse), and each event id is
  // stored once, so a flood of replays writes nothing (functions/payments/webhook.service.ts).
  'POST /api/payments/webhook': 'the Stripe signature, checked before any write, and one row per event id',
  // Resend's delivery events (docs/decisions/041): signed like Stripe's; a replay writes nothing new.
  'POST /api/email/webhook': 'the Resend (Svix) signature, checked before anything is read, and one row per address',
};

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const COMPILED_ROUTES = Object.entries(WRITE_ROUTES).map(([route, name]) => {
  const [method, path] = route.split(' ') as [string, string];
  const source = path
    .split('/')
    .map((segment) => (/^\[\.\.\..+\]$/.test(segment) ? '.+' : /^\[.+\]$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { route, method, pattern: new RegExp(`^${source}/?$`), name: name as WriteLimitName };
});

/** The limit a request counts against, or null (reads, and routes limited elsewhere). */
export function writeLimitFor(method: string, pathname: string): { route: string; name: WriteLimitName } | null {
  if (!WRITE_METHODS.has(method)) return null;
  const match = COMPILED_ROUTES.find((r) => r.method === method && r.pattern.test(pathname));
  return match ? { route: match.route, name: match.name } : null;
}

/** Astro's client address; undefined where the runtime has none (its getter throws there). */
export function clientAddressOf(context: Pick<APIContext, 'clientAddress'>): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bucket of an address: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64, since one
 * subscriber usually holds a whole /64 and could otherwise change address per request.
 */
export function addressBucket(address: string): string {
  const bare = address.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

export interface LimitSubject {
  userId: string | null;
  address: string | null;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one request against fixed-window counters (key -> maximum) and says whether it is
 * within all of them. Every counter is incremented in one statement; any one over its
 * maximum refuses.
 */
async function countInWindow(db: Db, maxima: ReadonlyMap<string, number>, windowSeconds: number, now: number): Promise<LimitDecision> {
  const nowSeconds = now / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const retryAfterSeconds = Math.max(1, Math.ceil(windowStart + windowSeconds - nowSeconds));
  const counts = await incrementCounters(db, [...maxima.keys()], windowStart, new Date((windowStart + windowSeconds) * 1000));
  const allowed = [...maxima].every(([key, max]) => (counts.get(key) ?? 0) <= max);
  return { allowed, retryAfterSeconds };
}

/**
 * Counts one request of `subject` against a limit and says whether it is within it. Both
 * counters are incremented in one statement; either one over its maximum refuses.
 */
export async function hitWriteLimit(
  db: Db,
  name: WriteLimitName,
  subject: LimitSubject,
  options: { scale?: number; now?: number } = {},
): Promise<LimitDecision> {
  const limit: WriteLimit = WRITE_LIMITS[name];
  const scale = options.scale ?? getEnv().RATE_LIMIT_SCALE;
  const maxima = new Map<string, number>();
  if (subject.userId) maxima.set(`${name}:user:${subject.userId}`, limit.perAccount * scale);
  if (subject.address) maxima.set(`${name}:addr:${addressBucket(subject.address)}`, limit.perAddress * scale);
  return countInWindow(db, maxima, limit.windowSeconds, options.now ?? readClock());
}

/** Counts one request made with the API key `keyId` against API_KEY_LIMIT. */
export async function hitApiKeyLimit(db: Db, keyId: string, options: { scale?: number; now?: number } = {}): Promise<LimitDecision> {
  const scale = options.scale ?? getEnv().RATE_LIMIT_SCALE;
  return countInWindow(db, new Map([[`apiKey:key:${keyId}`, API_KEY_LIMIT.perKey * scale]]), API_KEY_LIMIT.windowSeconds, options.now ?? readClock());
}

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** 429 RATE_LIMITED in the error shape, with Retry-After: 'Too many <label>. Please try again in …'. */
export function tooManyResponse(label: string, retryAfterSeconds: number): Response {
  const response = errorResponse('RATE_LIMITED', `Too many ${label}. Please try again in ${inWords(retryAfterSeconds)}.`);
  response.headers.set('retry-after', String(retryAfterSeconds));
  return response;
}

/** 429 RATE_LIMITED for a write limit. */
function rateLimitedResponse(name: WriteLimitName, retryAfterSeconds: number): Response {
  return tooManyResponse(WRITE_LIMITS[name].label, retryAfterSeconds);
}

/**
 * The guard of every write route (src/middleware.ts): null when the request may go on, the
 * 429 answer when it is over a limit. Fails open, logged, when the counters cannot be reached:
 * the write itself then meets the same database.
 */
export async function enforceWriteLimit(context: Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>): Promise<Response | null> {
  const match = writeLimitFor(context.request.method, context.url.pathname);
  if (!match) return null;
  const subject = { userId: context.locals.user?.id ?? null, address: clientAddressOf(context) ?? null };
  if (!subject.userId && !subject.address) return null;
  try {
    const { getDb } = await import('@/db/database');
    const decision = await hitWriteLimit(await getDb(), match.name, subject);
    return decision.allowed ? null : rateLimitedResponse(match.name, decision.retryAfterSeconds);
  } catch (error) {
    console.error(`[rate-limit] counting ${match.route} failed:`, error);
    return null;
  }
}

/** Deletes counters of windows that ended (the periodic maintenance of functions/maintenance/sweep). */
export async function pruneRateLimitCounters(db: Db, now = new Date()): Promise<number> {
  return deleteExpiredCounters(db, now);
}
