/**
 * Every API route, once: its method, path, module, who may call it, its path ids and query
 * parameters, and an example of a valid request. tests/integration/hostile-input.test.ts walks
 * this table with hostile variants of each example, and fails when a route file under
 * src/pages/api (or an exported method of one) is missing here: a new route joins the hostile
 * suite by being added to this table.
 *
 * `owner` in an example is the user the request is valid for: the owner of the product,
 * notification, upload or review it names, the maintainer of the tool (see the fixtures of
 * the hostile suite).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TestSession } from './api';
import { createUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import { defaultPreferences } from '@/src/shared/email-preferences';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the fixtures of the hostile suite provide to build valid requests. */
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

/** How a path or query parameter is shaped: decides its hostile variants and its unknown-but-valid value. */
export type IdKind = 'uuid' | 'userId' | 'toolId' | 'fileName' | 'checkoutSession';

export interface MultipartExample {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; type: string };
}

export interface RouteSpec {
  /** The route file under src/pages/api. */
  file: string;
  method: HttpMethod;
  /** The request path with [param] placeholders (filled from params). */
  path: string;
  load: () => Promise<Record<string, unknown>>;
  /**
   * anyone: visitors too; user: any signed-in user; owner: the owner of the object it names;
   * admin: administrators only (the fixtures' administrator makes the valid request, and the
   * owner, who is not one, is the other user).
   */
  auth: 'anyone' | 'user' | 'owner' | 'admin';
  params?: (fx: RouteFixtures) => Record<string, string>;
  ids?: Record<string, IdKind>;
  /** The request body the route reads (hostile bodies are sent only to these). */
  body?: 'json' | 'multipart';
  json?: (fx: RouteFixtures) => unknown;
  multipart?: (fx: RouteFixtures) => MultipartExample;
  query?: (fx: RouteFixtures) => Record<string, string>;
  /** Query parameters that are cursors, and their format. */
  cursors?: Record<string, 'search' | 'keyset'>;
  /**
   * Fields the spec accepts leniently (an unknown status is a draft, an unparseable price 0):
   * a wrong type there may be stored as the spec's default.
   */
  lenient?: string[];
  /** Optional fields where null means empty (the forms send null): null may be stored. */
  nullable?: string[];
  /** The valid example's status when it is not a 2xx, and why. */
  expect?: { status: number; why: string };
  /** The valid example removes or replaces its object: it runs after the others. */
  destructive?: boolean;
}

const email = () => `hostile-${randomBytes(5).toString('hex')}@example.com`;

/** A valid tool submission; each call names its own tool and site (duplicates are refused, docs/decisions/038). */
export const toolExample = () => {
  const tag = randomBytes(5).toString('hex');
  return {
    name: `Tool ${tag}`,
    officialSite: `https://tool-${tag}.com`,
    category: 'AI Assistant',
    description: 'An assistant that answers questions with citations.',
    longDescription: 'It answers questions with a short written answer and numbered citations, searching the web in real time, and asks follow-ups.',
    pricing: 'Free; Pro $20/month',
    platforms: ['Web', 'iOS'],
    documentationUrl: `https://docs.tool-${tag}.com`,
    githubUrl: null,
    changelogSources: [`https://tool-${tag}.com/changelog.rss`],
  };
};

/** A valid published product; each call has its own title (a second listing with nearly the same title is refused, docs/decisions/031). */
export const productExample = () => ({
  title: `Cold email sequences for SaaS founders ${randomBytes(5).toString('hex')}`,
  description:
    'Twelve proven cold email sequences with subject lines, follow-ups and a reply-tracking sheet, written for SaaS founders selling to small teams.',
  short_description: 'Cold email sequences that get replies',
  status: 'published',
  price: 19,
  category_id: 'business',
  tags: ['email', 'sales'],
  demo_url: 'https://example.com/demo',
  image_url: 'https://example.com/cover.png',
  additional_images: ['https://example.com/one.png'],
  ai_tool_type: 'chatgpt',
  content_type: 'content-creation',
  pricing_model: 'one_time',
  technical_level: 'beginner',
  deployment_type: 'ready_to_use',
  compatibility_tags: ['Gmail'],
  use_cases: ['Outbound sales'],
  required_skills: ['Writing'],
  output_types: ['Text'],
  integration_complexity: 2,
  success_rate: 90,
  avg_setup_time: 10,
  content_delivery_type: 'text',
  content_text: 'Sequence 1: the problem-first opener.\nSequence 2: the case-study follow-up.',
  download_instructions: 'Copy the sequences into your email tool.',
  demo_links: [{ id: 'demo-1', type: 'live_demo', url: 'https://example.com/live', title: 'Live demo', description: 'Try it' }],
  access_requirements: { accounts: 'A Gmail account' },
});

/** The spec's lenient product fields (src/shared/product-schema.ts): an unparseable price or setup time is 0. */
const PRODUCT_LENIENT = ['price', 'avg_setup_time'];
/**
 * POST and PUT read `null` as absent (docs/decisions/024): an optional field is then empty,
 * a field with a default takes it.
 */
const PRODUCT_NULLABLE = [
  'short_description',
  'status',
  'category_id',
  'demo_url',
  'download_url',
  'image_url',
  'featured_image_url',
  'video_demo_url',
  'ai_tool_type',
  'content_type',
  'pricing_model',
  'technical_level',
  'deployment_type',
  'integration_complexity',
  'success_rate',
  'avg_setup_time',
  'content_text',
  'download_instructions',
];

const MODULES = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts');
const api = (file: string) => () => {
  const load = MODULES[`../../src/pages/api/${file}`];
  if (!load) throw new Error(`no route file src/pages/api/${file}`);
  return load();
};

const authRoute = (method: HttpMethod, sub: string, rest: Omit<RouteSpec, 'file' | 'method' | 'path' | 'load'>): RouteSpec => ({
  file: 'auth/[...all].ts',
  method,
  path: `/api/auth/${sub}`,
  load: api('auth/[...all].ts'),
  ...rest,
});

export const ROUTES: RouteSpec[] = [
  // better-auth (one route file, many endpoints): the ones the app uses.
  authRoute('POST', 'sign-up/email', {
    auth: 'anyone',
    body: 'json',
    json: () => ({ name: 'Hostile Tester', full_name: 'Hostile Tester', email: email(), password: 'Str0ng!pass', user_type: 'creator', company: 'Test Works' }),
  }),
  authRoute('POST', 'sign-in/email', { auth: 'anyone', body: 'json', json: (fx) => ({ email: fx.owner.email, password: fx.password, rememberMe: true }) }),
  authRoute('POST', 'request-password-reset', { auth: 'anyone', body: 'json', json: (fx) => ({ email: fx.owner.email }) }),
  authRoute('POST', 'reset-password', {
    auth: 'anyone',
    body: 'json',
    json: () => ({ newPassword: 'An0ther!pass', token: 'not-a-real-token' }),
    expect: { status: 400, why: 'a reset token only exists in an email; the table has none' },
  }),
  authRoute('POST', 'change-password', {
    auth: 'owner',
    body: 'json',
    json: (fx) => ({ currentPassword: fx.password, newPassword: fx.password, revokeOtherSessions: false }),
  }),
  authRoute('GET', 'get-session', { auth: 'anyone' }),

  { file: 'auth/providers.ts', method: 'GET', path: '/api/auth/providers', load: api('auth/providers.ts'), auth: 'anyone' },
  { file: 'health.ts', method: 'GET', path: '/api/health', load: api('health.ts'), auth: 'anyone' },
  { file: 'openapi.json.ts', method: 'GET', path: '/api/openapi.json', load: api('openapi.json.ts'), auth: 'anyone' },
  {
    file: 'cron/sweep.ts',
    method: 'GET',
    path: '/api/cron/sweep',
    load: api('cron/sweep.ts'),
    auth: 'anyone',
    expect: { status: 401, why: 'only Vercel Cron with CRON_SECRET may run the sweep; the suite sets no secret' },
  },
  { file: 'uploads/usage.ts', method: 'GET', path: '/api/uploads/usage', load: api('uploads/usage.ts'), auth: 'user' },

  // Catalogue.
  {
    file: 'products/index.ts',
    method: 'GET',
    path: '/api/products',
    load: api('products/index.ts'),
    auth: 'anyone',
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
    cursors: { cursor: 'search' },
  },
  {
    file: 'products/[id]/view.ts',
    method: 'POST',
    path: '/api/products/[id]/view',
    load: api('products/[id]/view.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ sessionId: 'session-123', type: 'view' }),
  },
  {
    file: 'products/[id]/download.ts',
    method: 'POST',
    path: '/api/products/[id]/download',
    load: api('products/[id]/download.ts'),
    auth: 'user',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'products/[id]/files/[name].ts',
    method: 'GET',
    path: '/api/products/[id]/files/[name]',
    load: api('products/[id]/files/[name].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.productId, name: fx.deliverableName }),
    ids: { id: 'uuid', name: 'fileName' },
  },
  {
    file: 'profiles/[userId]/products.ts',
    method: 'GET',
    path: '/api/profiles/[userId]/products',
    load: api('profiles/[userId]/products.ts'),
    auth: 'anyone',
    params: (fx) => ({ userId: fx.owner.userId }),
    ids: { userId: 'userId' },
    query: () => ({ sort: 'popular', category: 'business', limit: '12' }),
  },

  // Q&A (docs/decisions/036).
  {
    file: 'community/threads/[threadId]/answer.ts',
    method: 'PUT',
    path: '/api/community/threads/[threadId]/answer',
    load: api('community/threads/[threadId]/answer.ts'),
    auth: 'owner',
    params: (fx) => ({ threadId: fx.communityQuestionId }),
    ids: { threadId: 'uuid' },
    body: 'json',
    json: (fx) => ({ replyId: fx.communityAnswerId }),
  },
  {
    file: 'community/threads/[threadId]/answer.ts',
    method: 'DELETE',
    path: '/api/community/threads/[threadId]/answer',
    load: api('community/threads/[threadId]/answer.ts'),
    auth: 'owner',
    params: (fx) => ({ threadId: fx.communityQuestionId }),
    ids: { threadId: 'uuid' },
  },
  {
    file: 'products/[id]/questions.ts',
    method: 'GET',
    path: '/api/products/[id]/questions',
    load: api('products/[id]/questions.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '5' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'products/[id]/questions.ts',
    method: 'POST',
    path: '/api/products/[id]/questions',
    load: api('products/[id]/questions.ts'),
    auth: 'user',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ title: 'Does it work with the free plan?', body: 'I am on the **free** plan of the tool.' }),
  },

  // The community (docs/decisions/035).
  { file: 'community/spaces.ts', method: 'GET', path: '/api/community/spaces', load: api('community/spaces.ts'), auth: 'anyone' },
  {
    file: 'community/threads/index.ts',
    method: 'GET',
    path: '/api/community/threads',
    load: api('community/threads/index.ts'),
    auth: 'anyone',
    query: (fx) => ({ sort: 'new', space: 'help', tag: 'prompts', search: 'prompts', cursor: fx.updatesCursor, limit: '20' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'community/threads/index.ts',
    method: 'POST',
    path: '/api/community/threads',
    load: api('community/threads/index.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ spaceId: 'help', title: 'How do I chain two prompts?', body: 'I want the **first** answer to feed the second.', tags: ['prompts'] }),
  },
  {
    file: 'community/threads/[threadId]/index.ts',
    method: 'GET',
    path: '/api/community/threads/[threadId]',
    load: api('community/threads/[threadId]/index.ts'),
    auth: 'anyone',
    params: (fx) => ({ threadId: fx.communityThreadId }),
    ids: { threadId: 'uuid' },
  },
  {
    file: 'community/threads/[threadId]/index.ts',
    method: 'PATCH',
    path: '/api/community/threads/[threadId]',
    load: api('community/threads/[threadId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ threadId: fx.communityThreadId }),
    ids: { threadId: 'uuid' },
    body: 'json',
    json: () => ({ title: 'How do I chain two prompts together?' }),
  },
  {
    file: 'community/threads/[threadId]/index.ts',
    method: 'DELETE',
    path: '/api/community/threads/[threadId]',
    load: api('community/threads/[threadId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ threadId: fx.spareCommunityThreadId }),
    ids: { threadId: 'uuid' },
    destructive: true,
  },
  {
    file: 'community/threads/[threadId]/replies.ts',
    method: 'GET',
    path: '/api/community/threads/[threadId]/replies',
    load: api('community/threads/[threadId]/replies.ts'),
    auth: 'anyone',
    params: (fx) => ({ threadId: fx.communityOtherThreadId }),
    ids: { threadId: 'uuid' },
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '50' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'community/threads/[threadId]/replies.ts',
    method: 'POST',
    path: '/api/community/threads/[threadId]/replies',
    load: api('community/threads/[threadId]/replies.ts'),
    auth: 'user',
    params: (fx) => ({ threadId: fx.communityOtherThreadId }),
    ids: { threadId: 'uuid' },
    body: 'json',
    json: (fx) => ({ body: 'Pipe the first answer in as context.', parentReplyId: fx.communityOtherReplyId }),
    nullable: ['parentReplyId'],
  },
  {
    file: 'community/threads/[threadId]/viewer.ts',
    method: 'GET',
    path: '/api/community/threads/[threadId]/viewer',
    load: api('community/threads/[threadId]/viewer.ts'),
    auth: 'anyone',
    params: (fx) => ({ threadId: fx.communityOtherThreadId }),
    ids: { threadId: 'uuid' },
  },
  ...(['PUT', 'DELETE'] as const).flatMap((method): RouteSpec[] => [
    {
      file: 'community/threads/[threadId]/vote.ts',
      method,
      path: '/api/community/threads/[threadId]/vote',
      load: api('community/threads/[threadId]/vote.ts'),
      auth: 'user',
      params: (fx) => ({ threadId: fx.communityOtherThreadId }),
      ids: { threadId: 'uuid' },
    },
    {
      file: 'community/threads/[threadId]/follow.ts',
      method,
      path: '/api/community/threads/[threadId]/follow',
      load: api('community/threads/[threadId]/follow.ts'),
      auth: 'user',
      params: (fx) => ({ threadId: fx.communityOtherThreadId }),
      ids: { threadId: 'uuid' },
    },
    {
      file: 'community/replies/[replyId]/vote.ts',
      method,
      path: '/api/community/replies/[replyId]/vote',
      load: api('community/replies/[replyId]/vote.ts'),
      auth: 'user',
      params: (fx) => ({ replyId: fx.communityOtherReplyId }),
      ids: { replyId: 'uuid' },
    },
  ]),
  {
    file: 'community/replies/[replyId]/index.ts',
    method: 'PATCH',
    path: '/api/community/replies/[replyId]',
    load: api('community/replies/[replyId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ replyId: fx.communityReplyId }),
    ids: { replyId: 'uuid' },
    body: 'json',
    json: () => ({ body: 'Pipe the first answer in as context, trimmed.' }),
  },
  {
    file: 'community/replies/[replyId]/index.ts',
    method: 'DELETE',
    path: '/api/community/replies/[replyId]',
    load: api('community/replies/[replyId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ replyId: fx.spareCommunityReplyId }),
    ids: { replyId: 'uuid' },
    destructive: true,
  },
  {
    file: 'community/preview.ts',
    method: 'POST',
    path: '/api/community/preview',
    load: api('community/preview.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ body: 'Hello **world**' }),
  },
  // Favorites and follows.
  {
    file: 'favorites/index.ts',
    method: 'GET',
    path: '/api/favorites',
    load: api('favorites/index.ts'),
    auth: 'user',
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '50' }),
    cursors: { cursor: 'keyset' },
  },
  ...(['PUT', 'DELETE'] as const).map((method): RouteSpec => ({
    file: 'favorites/[productId].ts',
    method,
    path: '/api/favorites/[productId]',
    load: api('favorites/[productId].ts'),
    auth: 'user',
    params: (fx) => ({ productId: fx.productId }),
    ids: { productId: 'uuid' },
  })),
  { file: 'follows/tools/index.ts', method: 'GET', path: '/api/follows/tools', load: api('follows/tools/index.ts'), auth: 'anyone' },
  ...(['PUT', 'DELETE'] as const).map((method): RouteSpec => ({
    file: 'follows/tools/[toolId].ts',
    method,
    path: '/api/follows/tools/[toolId]',
    load: api('follows/tools/[toolId].ts'),
    auth: 'user',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
  })),
  ...(['PUT', 'DELETE'] as const).map((method): RouteSpec => ({
    file: 'follows/users/[userId].ts',
    method,
    path: '/api/follows/users/[userId]',
    load: api('follows/users/[userId].ts'),
    auth: 'user',
    params: (fx) => ({ userId: fx.other.userId }),
    ids: { userId: 'userId' },
  })),

  // The creator's products.
  {
    file: 'me/products/index.ts',
    method: 'GET',
    path: '/api/me/products',
    load: api('me/products/index.ts'),
    auth: 'user',
    query: () => ({
      search: 'email',
      status: 'published',
      category: 'business',
      limit: '10',
      // A keyset position (functions/_shared/cursor.ts): the exact creation time and id of a product.
      cursor: Buffer.from(JSON.stringify({ c: '2026-11-21 10:00:00.123456+00', id: randomUUID() })).toString('base64url'),
    }),
    cursors: { cursor: 'search' },
  },
  {
    file: 'me/products/index.ts',
    method: 'POST',
    path: '/api/me/products',
    load: api('me/products/index.ts'),
    auth: 'user',
    body: 'json',
    json: productExample,
    lenient: PRODUCT_LENIENT,
    nullable: PRODUCT_NULLABLE,
  },
  {
    file: 'me/products/[id].ts',
    method: 'GET',
    path: '/api/me/products/[id]',
    load: api('me/products/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'me/products/[id].ts',
    method: 'PUT',
    path: '/api/me/products/[id]',
    load: api('me/products/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.spareProductId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: productExample,
    lenient: PRODUCT_LENIENT,
    nullable: PRODUCT_NULLABLE,
  },
  {
    file: 'me/products/[id].ts',
    method: 'PATCH',
    path: '/api/me/products/[id]',
    load: api('me/products/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.spareProductId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ title: 'A spare product, renamed', status: 'published', tags: ['spare'] }),
  },
  {
    file: 'me/products/[id].ts',
    method: 'DELETE',
    path: '/api/me/products/[id]',
    load: api('me/products/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.spareProductId }),
    ids: { id: 'uuid' },
    destructive: true,
  },

  // Uploads.
  {
    file: 'uploads/images.ts',
    method: 'POST',
    path: '/api/uploads/images',
    load: api('uploads/images.ts'),
    auth: 'user',
    body: 'multipart',
    multipart: (fx) => ({ fields: { slot: 'main', index: '0' }, file: { name: 'cover.png', bytes: fx.png, type: 'image/png' } }),
  },
  {
    file: 'uploads/files.ts',
    method: 'POST',
    path: '/api/uploads/files',
    load: api('uploads/files.ts'),
    auth: 'user',
    body: 'multipart',
    multipart: (fx) => ({ fields: {}, file: { name: 'templates.zip', bytes: fx.zip, type: 'application/zip' } }),
  },
  {
    file: 'uploads/index.ts',
    method: 'DELETE',
    path: '/api/uploads',
    load: api('uploads/index.ts'),
    auth: 'owner',
    body: 'json',
    json: (fx) => ({ url: fx.looseUploadUrl }),
    destructive: true,
  },

  // Profiles and onboarding.
  { file: 'profile/index.ts', method: 'GET', path: '/api/profile', load: api('profile/index.ts'), auth: 'user' },
  ...(['PUT', 'PATCH'] as const).map((method): RouteSpec => ({
    file: 'profile/index.ts',
    method,
    path: '/api/profile',
    load: api('profile/index.ts'),
    auth: 'user',
    body: 'json',
    nullable: ['bio', 'company', 'location', 'website', 'socialLinks.github'],
    json: () => ({
      fullName: 'Olive Owner',
      bio: 'I build email tools.\nAnd prompts.',
      company: 'Owner Works',
      location: 'Lisbon',
      website: 'https://example.com',
      socialLinks: { github: 'https://github.com/olive' },
      specialties: ['Copywriting', 'Prompt engineering'],
    }),
  })),
  ...(['avatar', 'banner'] as const).flatMap((kind): RouteSpec[] => [
    {
      file: `profile/${kind}.ts`,
      method: 'POST',
      path: `/api/profile/${kind}`,
      load: api(`profile/${kind}.ts`),
      auth: 'user',
      body: 'multipart',
      multipart: (fx) => ({ fields: {}, file: { name: `${kind}.png`, bytes: fx.png, type: 'image/png' } }),
    },
    { file: `profile/${kind}.ts`, method: 'DELETE', path: `/api/profile/${kind}`, load: api(`profile/${kind}.ts`), auth: 'user', destructive: true },
  ]),
  {
    file: 'profile/start-selling.ts',
    method: 'POST',
    path: '/api/profile/start-selling',
    load: api('profile/start-selling.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ company: 'Analytical Engines' }),
  },
  { file: 'profile/onboarding.ts', method: 'GET', path: '/api/profile/onboarding', load: api('profile/onboarding.ts'), auth: 'user' },
  {
    file: 'profile/onboarding.ts',
    method: 'POST',
    path: '/api/profile/onboarding',
    load: api('profile/onboarding.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ action: 'complete', interests: ['business'], specialties: ['Copywriting'], bio: 'Email tools.' }),
  },

  // Seller reviews: the owner reviews the other user (a creator).
  {
    file: 'reviews/[sellerId].ts',
    method: 'GET',
    path: '/api/reviews/[sellerId]',
    load: api('reviews/[sellerId].ts'),
    auth: 'anyone',
    params: (fx) => ({ sellerId: fx.other.userId }),
    ids: { sellerId: 'userId' },
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '10' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'reviews/[sellerId].ts',
    method: 'PUT',
    path: '/api/reviews/[sellerId]',
    load: api('reviews/[sellerId].ts'),
    auth: 'user',
    params: (fx) => ({ sellerId: fx.other.userId }),
    ids: { sellerId: 'userId' },
    body: 'json',
    json: () => ({ rating: 5, text: 'Clear templates and quick answers.\nRecommended.' }),
  },
  {
    file: 'reviews/[sellerId].ts',
    method: 'DELETE',
    path: '/api/reviews/[sellerId]',
    load: api('reviews/[sellerId].ts'),
    auth: 'owner',
    params: (fx) => ({ sellerId: fx.other.userId }),
    ids: { sellerId: 'userId' },
    destructive: true,
  },

  // Product reviews (docs/decisions/029): the owner reviews a product they got, edits their
  // review, replies to the other user's review of their own product, votes and reports it.
  {
    file: 'products/[id]/reviews/index.ts',
    method: 'GET',
    path: '/api/products/[id]/reviews',
    load: api('products/[id]/reviews/index.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
    query: (fx) => ({ sort: 'newest', cursor: fx.updatesCursor, limit: '10' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'products/[id]/reviews/index.ts',
    method: 'POST',
    path: '/api/products/[id]/reviews',
    load: api('products/[id]/reviews/index.ts'),
    auth: 'user',
    params: (fx) => ({ id: fx.freeProductId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ rating: 4, text: 'Worked on the first try.\nClear instructions.' }),
  },
  {
    file: 'products/[id]/reviews/mine.ts',
    method: 'GET',
    path: '/api/products/[id]/reviews/mine',
    load: api('products/[id]/reviews/mine.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'product-reviews/[reviewId]/index.ts',
    method: 'PUT',
    path: '/api/product-reviews/[reviewId]',
    load: api('product-reviews/[reviewId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ reviewId: fx.ownerReviewId }),
    ids: { reviewId: 'uuid' },
    body: 'json',
    json: () => ({ rating: 5, text: 'Even better after the update.\nRecommended.' }),
  },
  {
    file: 'product-reviews/[reviewId]/reply.ts',
    method: 'POST',
    path: '/api/product-reviews/[reviewId]/reply',
    load: api('product-reviews/[reviewId]/reply.ts'),
    auth: 'owner',
    params: (fx) => ({ reviewId: fx.productReviewId }),
    ids: { reviewId: 'uuid' },
    body: 'json',
    json: () => ({ text: 'Thank you for the review!' }),
  },
  {
    file: 'product-reviews/[reviewId]/helpful.ts',
    method: 'PUT',
    path: '/api/product-reviews/[reviewId]/helpful',
    load: api('product-reviews/[reviewId]/helpful.ts'),
    auth: 'user',
    params: (fx) => ({ reviewId: fx.productReviewId }),
    ids: { reviewId: 'uuid' },
  },
  {
    file: 'product-reviews/[reviewId]/helpful.ts',
    method: 'DELETE',
    path: '/api/product-reviews/[reviewId]/helpful',
    load: api('product-reviews/[reviewId]/helpful.ts'),
    auth: 'user',
    params: (fx) => ({ reviewId: fx.productReviewId }),
    ids: { reviewId: 'uuid' },
  },
  {
    file: 'reports/[kind]/[targetId].ts',
    method: 'PUT',
    path: '/api/reports/[kind]/[targetId]',
    load: api('reports/[kind]/[targetId].ts'),
    auth: 'user',
    params: (fx) => ({ kind: 'product_review', targetId: fx.productReviewId }),
    ids: { targetId: 'uuid' },
    body: 'json',
    json: () => ({ reason: 'misleading', note: 'About another product.' }),
    nullable: ['note'],
  },
  {
    file: 'me/reviews.ts',
    method: 'GET',
    path: '/api/me/reviews',
    load: api('me/reviews.ts'),
    auth: 'user',
    query: (fx) => ({ cursor: fx.updatesCursor, limit: '20' }),
    cursors: { cursor: 'keyset' },
  },

  // Tool updates and notifications.
  {
    file: 'tools/[toolId]/updates.ts',
    method: 'GET',
    path: '/api/tools/[toolId]/updates',
    load: api('tools/[toolId]/updates.ts'),
    auth: 'anyone',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
    query: (fx) => ({ cursor: fx.updatesCursor }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'tools/[toolId]/updates.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/updates',
    load: api('tools/[toolId]/updates.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    nullable: ['version'],
    json: () => ({
      title: 'Queue mode for workers',
      content: 'Workers now pick up executions from a queue.\nLong workflows no longer block.',
      updateType: 'feature',
      version: '1.2',
    }),
  },
  // Changelog sources of the owner's tool and re-typing its updates (docs/decisions/039).
  {
    file: 'tools/[toolId]/updates/[updateId].ts',
    method: 'PATCH',
    path: '/api/tools/[toolId]/updates/[updateId]',
    load: api('tools/[toolId]/updates/[updateId].ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId, updateId: fx.toolUpdateId }),
    ids: { toolId: 'toolId', updateId: 'uuid' },
    body: 'json',
    json: () => ({ updateType: 'bug_fix' }),
  },
  {
    file: 'tools/[toolId]/changelog-sources/index.ts',
    method: 'GET',
    path: '/api/tools/[toolId]/changelog-sources',
    load: api('tools/[toolId]/changelog-sources/index.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
  },
  {
    file: 'tools/[toolId]/changelog-sources/index.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/changelog-sources',
    load: api('tools/[toolId]/changelog-sources/index.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    // 127.0.0.1:9 is the suites' OUTBOUND_ALLOW_HOSTS: accepted, and nothing listens there.
    json: () => ({ url: `http://127.0.0.1:9/feeds/${randomBytes(5).toString('hex')}.xml` }),
  },
  {
    file: 'tools/[toolId]/changelog-sources/[sourceId]/resume.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/changelog-sources/[sourceId]/resume',
    load: api('tools/[toolId]/changelog-sources/[sourceId]/resume.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }),
    ids: { toolId: 'toolId', sourceId: 'uuid' },
  },
  {
    file: 'tools/[toolId]/changelog-sources/[sourceId]/fetch.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/changelog-sources/[sourceId]/fetch',
    load: api('tools/[toolId]/changelog-sources/[sourceId]/fetch.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }),
    ids: { toolId: 'toolId', sourceId: 'uuid' },
  },
  {
    file: 'tools/[toolId]/changelog-sources/[sourceId]/index.ts',
    method: 'DELETE',
    path: '/api/tools/[toolId]/changelog-sources/[sourceId]',
    load: api('tools/[toolId]/changelog-sources/[sourceId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId, sourceId: fx.changelogSourceId }),
    ids: { toolId: 'toolId', sourceId: 'uuid' },
    destructive: true,
  },
  {
    file: 'cron/feeds.ts',
    method: 'GET',
    path: '/api/cron/feeds',
    load: api('cron/feeds.ts'),
    auth: 'anyone',
    expect: { status: 401, why: 'only a scheduler with CRON_SECRET may run the changelog job; the suite sets no secret' },
  },
  {
    file: 'notifications/index.ts',
    method: 'GET',
    path: '/api/notifications',
    load: api('notifications/index.ts'),
    auth: 'user',
    query: (fx) => ({ cursor: fx.updatesCursor, tool: fx.toolId }),
    cursors: { cursor: 'keyset' },
  },
  { file: 'notifications/unread-count.ts', method: 'GET', path: '/api/notifications/unread-count', load: api('notifications/unread-count.ts'), auth: 'user' },
  {
    file: 'notifications/[id]/read.ts',
    method: 'POST',
    path: '/api/notifications/[id]/read',
    load: api('notifications/[id]/read.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.notificationId }),
    ids: { id: 'uuid' },
  },
  { file: 'notifications/read-all.ts', method: 'POST', path: '/api/notifications/read-all', load: api('notifications/read-all.ts'), auth: 'user' },

  // Studio.
  { file: 'studio/earnings.csv.ts', method: 'GET', path: '/api/studio/earnings.csv', load: api('studio/earnings.csv.ts'), auth: 'user' },
  {
    file: 'me/sales.ts',
    method: 'GET',
    path: '/api/me/sales',
    load: api('me/sales.ts'),
    auth: 'user',
    query: (fx) => ({ limit: '10', cursor: fx.updatesCursor }),
    cursors: { cursor: 'keyset' },
  },

  // API keys (docs/decisions/025): account routes, a cookie session only.
  { file: 'settings/api-keys/index.ts', method: 'GET', path: '/api/settings/api-keys', load: api('settings/api-keys/index.ts'), auth: 'user' },
  {
    file: 'settings/api-keys/index.ts',
    method: 'POST',
    path: '/api/settings/api-keys',
    load: api('settings/api-keys/index.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ name: 'Nightly import script', scopes: ['products:read', 'products:write'] }),
  },
  {
    file: 'settings/api-keys/[id].ts',
    method: 'DELETE',
    path: '/api/settings/api-keys/[id]',
    load: api('settings/api-keys/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.apiKeyId }),
    ids: { id: 'userId' },
    destructive: true,
  },

  // Email notifications (docs/decisions/041): the settings need a session; the one-click
  // unsubscribe and its undo need only the signed token; Resend's events need its signature.
  {
    file: 'settings/notifications.ts',
    method: 'GET',
    path: '/api/settings/notifications',
    load: api('settings/notifications.ts'),
    auth: 'user',
  },
  {
    file: 'settings/notifications.ts',
    method: 'PUT',
    path: '/api/settings/notifications',
    load: api('settings/notifications.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ preferences: { ...defaultPreferences(), tool_update: 'instant' } }),
  },
  {
    file: 'unsubscribe/index.ts',
    method: 'POST',
    path: '/api/unsubscribe',
    load: api('unsubscribe/index.ts'),
    auth: 'anyone',
    query: (fx) => ({ token: createUnsubscribeToken(fx.other.userId, 'community_mention') }),
  },
  {
    file: 'unsubscribe/undo.ts',
    method: 'POST',
    path: '/api/unsubscribe/undo',
    load: api('unsubscribe/undo.ts'),
    auth: 'anyone',
    query: (fx) => ({ token: createUnsubscribeToken(fx.other.userId, 'community_mention') }),
  },
  {
    file: 'email/webhook.ts',
    method: 'POST',
    path: '/api/email/webhook',
    load: api('email/webhook.ts'),
    auth: 'anyone',
    // Read raw (the signature covers its bytes): hostile JSON reaches the signature check, never a parser.
    body: 'json',
    json: () => ({ type: 'email.bounced', data: { to: ['ada@example.com'], bounce: { type: 'Permanent' } } }),
    expect: { status: 400, why: 'an event without a valid Svix signature is refused before anything is read (signed events: email-notifications.test.ts)' },
  },
  // Account settings (docs/decisions/032): a cookie session only.
  {
    file: 'settings/account/handle.ts',
    method: 'PUT',
    path: '/api/settings/account/handle',
    load: api('settings/account/handle.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ handle: `olive-${randomBytes(3).toString('hex')}` }),
  },
  {
    file: 'settings/account/sessions/index.ts',
    method: 'GET',
    path: '/api/settings/account/sessions',
    load: api('settings/account/sessions/index.ts'),
    auth: 'user',
  },
  {
    file: 'settings/account/sessions/[id].ts',
    method: 'DELETE',
    path: '/api/settings/account/sessions/[id]',
    load: api('settings/account/sessions/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.spareSessionId }),
    ids: { id: 'userId' },
    destructive: true,
  },
  { file: 'settings/account/export.ts', method: 'GET', path: '/api/settings/account/export', load: api('settings/account/export.ts'), auth: 'user' },
  {
    file: 'studio/payouts.ts',
    method: 'POST',
    path: '/api/studio/payouts',
    load: api('studio/payouts.ts'),
    auth: 'user',
    expect: { status: 409, why: 'the owner has no paid sales, so no balance to pay out' },
  },

  // Payments (functions/payments).
  {
    file: 'checkout/index.ts',
    method: 'POST',
    path: '/api/checkout',
    load: api('checkout/index.ts'),
    auth: 'user',
    body: 'json',
    json: (fx) => ({ productId: fx.paidProductId }),
  },
  {
    file: 'checkout/[sessionId]/pay.ts',
    method: 'POST',
    path: '/api/checkout/[sessionId]/pay',
    load: api('checkout/[sessionId]/pay.ts'),
    auth: 'owner',
    params: (fx) => ({ sessionId: fx.checkoutSessionId }),
    ids: { sessionId: 'checkoutSession' },
    body: 'json',
    json: () => ({ cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' }),
    expect: { status: 402, why: "the example pays with Stripe's declined test card, so it can run again and charges nothing" },
  },
  {
    file: 'payments/webhook.ts',
    method: 'POST',
    path: '/api/payments/webhook',
    load: api('payments/webhook.ts'),
    auth: 'anyone',
    // Read raw (the signature covers its bytes): hostile JSON reaches the signature check, never a parser.
    body: 'json',
    json: () => ({ id: 'evt_unsigned', type: 'checkout.session.completed', data: { object: {} } }),
    expect: { status: 400, why: 'an event without a valid signature is refused before anything is written (signed events: payments.test.ts)' },
  },
  {
    file: 'products/[id]/versions.ts',
    method: 'GET',
    path: '/api/products/[id]/versions',
    load: api('products/[id]/versions.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.productId }),
    ids: { id: 'uuid' },
    query: () => ({ limit: '10' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'products/[id]/access.ts',
    method: 'GET',
    path: '/api/products/[id]/access',
    load: api('products/[id]/access.ts'),
    auth: 'anyone',
    params: (fx) => ({ id: fx.paidProductId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'orders/[id]/index.ts',
    method: 'GET',
    path: '/api/orders/[id]',
    load: api('orders/[id]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.orderId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'orders/[id]/cancel-subscription.ts',
    method: 'POST',
    path: '/api/orders/[id]/cancel-subscription',
    load: api('orders/[id]/cancel-subscription.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.orderId }),
    ids: { id: 'uuid' },
    expect: { status: 404, why: 'the order is a one-time purchase, so it has no subscription to cancel' },
  },
  { file: 'payments/payouts/index.ts', method: 'GET', path: '/api/payments/payouts', load: api('payments/payouts/index.ts'), auth: 'user' },
  {
    file: 'payments/payouts/onboarding.ts',
    method: 'POST',
    path: '/api/payments/payouts/onboarding',
    load: api('payments/payouts/onboarding.ts'),
    auth: 'user',
    expect: { status: 404, why: 'payouts are payout requests with the local provider; Stripe onboarding needs Stripe (payments-stripe.test.ts)' },
  },
  {
    file: 'payments/payouts/dashboard.ts',
    method: 'POST',
    path: '/api/payments/payouts/dashboard',
    load: api('payments/payouts/dashboard.ts'),
    auth: 'user',
    expect: { status: 404, why: 'there is no Stripe account to open a dashboard for with the local provider' },
  },
  {
    file: 'admin/orders.ts',
    method: 'GET',
    path: '/api/admin/orders',
    load: api('admin/orders.ts'),
    auth: 'admin',
    // A page of a search ({ items, nextCursor }); paging itself: api-payments-contract.test.ts.
    query: () => ({ q: 'TM-000001', limit: '50' }),
  },
  // The review queue (docs/decisions/031): administrators only; its rules: tests/integration/review-queue.test.ts.
  {
    file: 'admin/products.ts',
    method: 'GET',
    path: '/api/admin/products',
    load: api('admin/products.ts'),
    auth: 'admin',
    query: () => ({ limit: '50' }),
  },
  {
    file: 'admin/products/[id]/approve.ts',
    method: 'POST',
    path: '/api/admin/products/[id]/approve',
    load: api('admin/products/[id]/approve.ts'),
    auth: 'admin',
    params: (fx) => ({ id: fx.inReviewProductId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'admin/products/[id]/reject.ts',
    method: 'POST',
    path: '/api/admin/products/[id]/reject',
    load: api('admin/products/[id]/reject.ts'),
    auth: 'admin',
    params: (fx) => ({ id: fx.spareInReviewProductId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ reason: 'This repeats a listing already in the marketplace.' }),
  },
  {
    file: 'admin/reports.ts',
    method: 'GET',
    path: '/api/admin/reports',
    load: api('admin/reports.ts'),
    auth: 'admin',
    query: () => ({ status: 'open', limit: '50' }),
  },
  {
    file: 'admin/reports/[id]/actions.ts',
    method: 'POST',
    path: '/api/admin/reports/[id]/actions',
    load: api('admin/reports/[id]/actions.ts'),
    auth: 'admin',
    params: (fx) => ({ id: fx.reportId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ action: 'dismiss', reason: 'Not a violation.' }),
  },
  {
    file: 'admin/moderation-actions.ts',
    method: 'GET',
    path: '/api/admin/moderation-actions',
    load: api('admin/moderation-actions.ts'),
    auth: 'admin',
    query: () => ({ limit: '50' }),
  },
  {
    file: 'admin/users/[userId]/unsuspend.ts',
    method: 'POST',
    path: '/api/admin/users/[userId]/unsuspend',
    load: api('admin/users/[userId]/unsuspend.ts'),
    auth: 'admin',
    params: (fx) => ({ userId: fx.suspendedUserId }),
    ids: { userId: 'userId' },
    body: 'json',
    json: () => ({ reason: 'Appeal accepted: the reviews were genuine.' }),
  },
  {
    file: 'orders/[id]/refund.ts',
    method: 'POST',
    path: '/api/orders/[id]/refund',
    load: api('orders/[id]/refund.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.orderId }),
    ids: { id: 'uuid' },
    destructive: true,
  },

  // Creator webhooks (functions/webhooks, docs/decisions/027). The examples subscribe only to
  // sale.refunded, which the suite never sends the owner, so no delivery runs in the background.
  { file: 'settings/webhooks/index.ts', method: 'GET', path: '/api/settings/webhooks', load: api('settings/webhooks/index.ts'), auth: 'user' },
  {
    file: 'settings/webhooks/index.ts',
    method: 'POST',
    path: '/api/settings/webhooks',
    load: api('settings/webhooks/index.ts'),
    auth: 'user',
    body: 'json',
    // 127.0.0.1:9 is the suite's OUTBOUND_ALLOW_HOSTS: accepted, and nothing listens there.
    json: () => ({ url: 'http://127.0.0.1:9/hooks', description: 'Automation', events: ['sale.refunded'] }),
  },
  {
    file: 'settings/webhooks/[id]/index.ts',
    method: 'PATCH',
    path: '/api/settings/webhooks/[id]',
    load: api('settings/webhooks/[id]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ description: 'Renamed', events: ['sale.refunded'] }),
  },
  {
    file: 'settings/webhooks/[id]/deliveries.ts',
    method: 'GET',
    path: '/api/settings/webhooks/[id]/deliveries',
    load: api('settings/webhooks/[id]/deliveries.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    ids: { id: 'uuid' },
    query: (fx) => ({ cursor: fx.deliveriesCursor, limit: '10' }),
    cursors: { cursor: 'keyset' },
  },
  {
    file: 'settings/webhooks/[id]/test.ts',
    method: 'POST',
    path: '/api/settings/webhooks/[id]/test',
    load: api('settings/webhooks/[id]/test.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'settings/webhooks/[id]/roll-secret.ts',
    method: 'POST',
    path: '/api/settings/webhooks/[id]/roll-secret',
    load: api('settings/webhooks/[id]/roll-secret.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    ids: { id: 'uuid' },
  },
  {
    file: 'settings/webhooks/[id]/index.ts',
    method: 'DELETE',
    path: '/api/settings/webhooks/[id]',
    load: api('settings/webhooks/[id]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.webhookId }),
    ids: { id: 'uuid' },
    destructive: true,
  },
  {
    file: 'cron/webhooks.ts',
    method: 'GET',
    path: '/api/cron/webhooks',
    load: api('cron/webhooks.ts'),
    auth: 'anyone',
    expect: { status: 401, why: 'only a scheduler with CRON_SECRET may run the deliveries; the suite sets no secret' },
  },
  // Background jobs (docs/decisions/040): the drain for Vercel Cron, and the administrators' list.
  {
    file: 'cron/jobs.ts',
    method: 'GET',
    path: '/api/cron/jobs',
    load: api('cron/jobs.ts'),
    auth: 'anyone',
    expect: { status: 401, why: 'only a scheduler with CRON_SECRET may run the jobs; the suite sets no secret' },
  },
  {
    file: 'admin/jobs.ts',
    method: 'GET',
    path: '/api/admin/jobs',
    load: api('admin/jobs.ts'),
    auth: 'admin',
    query: () => ({ state: 'failed', limit: '20' }),
  },
  {
    file: 'admin/jobs/[id]/retry.ts',
    method: 'POST',
    path: '/api/admin/jobs/[id]/retry',
    load: api('admin/jobs/[id]/retry.ts'),
    auth: 'admin',
    params: () => ({ id: randomUUID() }),
    ids: { id: 'uuid' },
    expect: { status: 404, why: 'the fixtures have no failed job (a retry of one: tests/integration/admin-jobs.test.ts)' },
  },
  {
    file: 'admin/emails/[id]/retry.ts',
    method: 'POST',
    path: '/api/admin/emails/[id]/retry',
    load: api('admin/emails/[id]/retry.ts'),
    auth: 'admin',
    params: () => ({ id: randomUUID() }),
    ids: { id: 'uuid' },
    expect: { status: 404, why: 'the fixtures have no failed email (a retry of one: tests/integration/admin-jobs.test.ts)' },
  },
  // Licence keys (functions/licenses).
  {
    file: 'v1/licenses/verify.ts',
    method: 'POST',
    path: '/api/v1/licenses/verify',
    load: api('v1/licenses/verify.ts'),
    auth: 'anyone',
    body: 'json',
    json: (fx) => ({ product_id: fx.productId, license_key: fx.licenseKey, increment_uses_count: true }),
  },
  {
    file: 'me/licenses/[id].ts',
    method: 'PATCH',
    path: '/api/me/licenses/[id]',
    load: api('me/licenses/[id].ts'),
    auth: 'owner',
    params: (fx) => ({ id: fx.licenseId }),
    ids: { id: 'uuid' },
    body: 'json',
    json: () => ({ disabled: false }),
  },

  // The AI tools directory (docs/decisions/038); its rules: tests/integration/tools-directory.test.ts.
  {
    file: 'tools/index.ts',
    method: 'POST',
    path: '/api/tools',
    load: api('tools/index.ts'),
    auth: 'user',
    body: 'json',
    nullable: ['documentationUrl', 'githubUrl', 'logoUrl'],
    json: () => toolExample(),
  },
  {
    file: 'tools/[toolId]/index.ts',
    method: 'GET',
    path: '/api/tools/[toolId]',
    load: api('tools/[toolId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
  },
  {
    file: 'tools/[toolId]/index.ts',
    method: 'PUT',
    path: '/api/tools/[toolId]',
    load: api('tools/[toolId]/index.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    nullable: ['documentationUrl', 'githubUrl', 'logoUrl'],
    json: () => ({ ...toolExample(), name: 'n8n', officialSite: 'https://n8n.io' }),
  },
  {
    file: 'tools/[toolId]/claims.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/claims',
    load: api('tools/[toolId]/claims.ts'),
    auth: 'user',
    params: () => ({ toolId: 'zapier' }),
    ids: { toolId: 'toolId' },
    body: 'json',
    nullable: ['email', 'organisation'],
    json: () => ({ method: 'well_known', organisation: 'Zapier' }),
  },
  {
    file: 'tool-claims/[claimId]/verify.ts',
    method: 'POST',
    path: '/api/tool-claims/[claimId]/verify',
    load: api('tool-claims/[claimId]/verify.ts'),
    auth: 'owner',
    params: (fx) => ({ claimId: fx.toolClaimId }),
    ids: { claimId: 'uuid' },
    body: 'json',
    json: () => ({ token: 'not-the-emailed-token' }),
    expect: { status: 409, why: 'only the emailed token completes the claim' },
  },
  {
    file: 'tools/[toolId]/maintainers.ts',
    method: 'POST',
    path: '/api/tools/[toolId]/maintainers',
    load: api('tools/[toolId]/maintainers.ts'),
    auth: 'owner',
    params: (fx) => ({ toolId: fx.toolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    json: () => ({ invitee: email() }),
  },
  {
    file: 'tool-invites/accept.ts',
    method: 'POST',
    path: '/api/tool-invites/accept',
    load: api('tool-invites/accept.ts'),
    auth: 'user',
    body: 'json',
    json: () => ({ token: 'no-such-invitation-token' }),
    expect: { status: 404, why: 'no invitation has this token' },
  },
  {
    file: 'admin/tools.ts',
    method: 'GET',
    path: '/api/admin/tools',
    load: api('admin/tools.ts'),
    auth: 'admin',
    query: () => ({ limit: '50' }),
  },
  {
    file: 'admin/tools/[toolId]/review.ts',
    method: 'POST',
    path: '/api/admin/tools/[toolId]/review',
    load: api('admin/tools/[toolId]/review.ts'),
    auth: 'admin',
    params: (fx) => ({ toolId: fx.pendingToolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    nullable: ['message'],
    json: () => ({ decision: 'reject', message: 'This is not an AI tool.' }),
  },
  {
    file: 'admin/tools/[toolId]/revoke.ts',
    method: 'POST',
    path: '/api/admin/tools/[toolId]/revoke',
    load: api('admin/tools/[toolId]/revoke.ts'),
    auth: 'admin',
    params: (fx) => ({ toolId: fx.revocableToolId }),
    ids: { toolId: 'toolId' },
    body: 'json',
    json: () => ({ reason: 'The domain changed hands.' }),
    destructive: true,
  },
  {
    file: 'admin/tool-claims.ts',
    method: 'GET',
    path: '/api/admin/tool-claims',
    load: api('admin/tool-claims.ts'),
    auth: 'admin',
  },
  {
    file: 'admin/tool-claims/[claimId]/review.ts',
    method: 'POST',
    path: '/api/admin/tool-claims/[claimId]/review',
    load: api('admin/tool-claims/[claimId]/review.ts'),
    auth: 'admin',
    params: (fx) => ({ claimId: fx.inReviewClaimId }),
    ids: { claimId: 'uuid' },
    body: 'json',
    // No message: a rejection without one is valid, so the hostile suite's null message would
    // decide the claim before this example runs. The message is the same text field as a tool
    // review's, which meets every hostile variant on /api/admin/tools/[toolId]/review.
    json: () => ({ decision: 'reject' }),
  },

  // Last: its valid example signs the owner out. Its body is ignored (the client sends '{}'),
  // so it gets no hostile bodies: they would only sign the owner out.
  authRoute('POST', 'sign-out', { auth: 'anyone', json: () => ({}), destructive: true }),
];

/** Who a request of `who` is sent as: an admin route's owner is the administrator, its other user the (non-admin) owner. */
export function sessionFor(route: RouteSpec, who: 'visitor' | 'other' | 'owner', fx: RouteFixtures): TestSession | null {
  if (who === 'visitor') return null;
  if (route.auth === 'admin') return who === 'owner' ? fx.admin : fx.owner;
  return who === 'owner' ? fx.owner : fx.other;
}

/** The request path of a route with its parameters filled in (encoded as a browser would). */
export function pathOf(route: RouteSpec, params: Record<string, string>): string {
  return route.path.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
