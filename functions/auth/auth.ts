/**
 * Accounts: better-auth with email and password (and Google/GitHub when configured) on our
 * database through Kysely. Owns the auth configuration, the server-side account rules, and
 * the one entry point for auth requests (handleAuthRequest). Called by
 * src/pages/api/auth/[...all].ts, src/middleware.ts (session -> Astro.locals) and the tests.
 *
 * Invariants:
 * - createAuth(db, overrides) builds an instance for any database handle; getAuth() is the
 *   process-wide one on getDb(). Tests build their own on a test database.
 * - Sign-up runs in one database transaction (database.transaction: true); the profile row
 *   is written by a trigger in the same statement as the user (db/migrations/*-profile-per-user).
 * - The rules of src/shared/auth-validation.ts are enforced here too: a client can skip the
 *   form, not the rules.
 * - Rate limits live in the rate_limits table (they must hold across serverless instances)
 *   and are on in every environment; the client address comes from Astro (clientAddress),
 *   never from a header the client controls.
 * - Every account email (verification, reset, change of address, 'you already have an account')
 *   is written to the outbox inside better-auth's callback, in the sign-up's transaction when
 *   there is one (auth-transaction.ts), and sent by its 'email.deliver' job after the answer
 *   (docs/decisions/059): a sign-up never waits for the mail transport.
 * - Email verification is better-auth's flow (sent at sign-up, link signs in). A sign-up sets
 *   no session: a new account's session starts when its owner opens the link (or signs in with
 *   the password), so the answer is the same for a new address and a taken one
 *   (docs/decisions/053, which supersedes 012 on this point).
 * - A sign-up for an address that already has an account answers like a new sign-up (same
 *   status, body and cookies) and mails the owner instead. It and a password-reset request take
 *   as long whether the address has an account or not (evenTiming).
 * - Only the newest password-reset link works; a used one voids the rest.
 * - The profile owns name, company, user type and avatar: better-auth's /update-user is
 *   closed (edits go through PATCH /api/profile), sign-up cannot set an image.
 * - API keys are better-auth's API key plugin (docs/decisions/025), used from the server only
 *   (functions/api-keys): its HTTP endpoints under /api/auth/api-key/* are closed, since keys
 *   are managed at /api/settings/api-keys and checked by src/middleware.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { apiKey } from '@better-auth/api-key';
import { APIError, betterAuth, type BetterAuthOptions } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { buildSyntheticUserOutput, parseUserInput, parseUserOutput } from 'better-auth/db';
import { z } from 'zod';
import type { Db } from '@/db/database';
import { getDb } from '@/db/database';
import {
  AUTH_MESSAGES,
  COMPANY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  validateCompany,
  validateEmail,
  validateName,
  validateNewPassword,
} from '@/src/shared/auth-validation';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_PREFIX, API_KEY_SECRET_LENGTH, API_KEY_START_LENGTH } from '@/src/shared/api-keys';
import { isUserType, USER_TYPES } from '@/src/shared/domain';
import { toSessionUser, type SessionUser } from '@/src/shared/session';
import { textProblem } from '@/src/shared/text';
import { safeText } from '../_shared/safe-text';
import { accountExistsEmail, changeEmailMessage, resetPasswordEmail, resetPasswordUrl, verifyEmailMessage, verifyEmailUrl } from './auth-emails';
import { markEmailVerified, recordAccountOrigin, voidOlderResetTokens, voidResetTokens } from './auth.repository';
import { accountOriginKey } from './account-origin';
import { deleteAccountData } from '../account/account.service';
import { apiKeyTableOptions, authRateLimitTable, authTableOptions } from './auth-tables';
import { getAuthSecret, getEnv, type Env } from '@/env';
import { ERRORS } from '../_shared/errors';
import { json, readBody } from '../_shared/http';
import { isStorageFull } from '@/env/storage-full';
import { storageFullError } from '../_shared/storage-full';
import { EvenTiming } from './even-timing';
import type { MailMessage } from '../_shared/mailer';
import { deliverSoon, queueTransactionalEmail } from '../email/outbox';
import { afterCommit, jobsReady } from '../jobs';
import { afterAuthCommit, authTransaction, trackAuthTransactions } from './auth-transaction';

/** Set by handleAuthRequest from Astro's clientAddress; any value a client sends is dropped. */
const CLIENT_IP_HEADER = 'x-toolmint-client-ip';

const RESET_TOKEN_EXPIRES_IN_SECONDS = 60 * 60;
/** The verification link also signs in (once: a verified account gets no session from it again). */
const VERIFY_TOKEN_EXPIRES_IN_SECONDS = 24 * 60 * 60;
const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;

/**
 * Per client address. better-auth's window restarts at each allowed request, so "max in
 * window" reads "after max attempts, wait window seconds". Paths are relative to /api/auth.
 */
const AUTH_RATE_LIMITS = {
  '/sign-in/*': { window: 60, max: 5 },
  '/sign-up/*': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 5 },
  '/change-password': { window: 60, max: 5 },
  // Account settings (docs/decisions/032): each change-email request sends an email; the
  // deletion checks a password.
  '/change-email': { window: 60, max: 3 },
  '/delete-user': { window: 60, max: 5 },
  '/revoke-other-sessions': { window: 60, max: 10 },
  '/revoke-session': { window: 60, max: 10 },
  '/revoke-sessions': { window: 60, max: 10 },
  // The Resend button of the verify-email banner: each request sends an email.
  '/send-verification-email': { window: 60, max: 3 },
} as const;

export type SocialProviderId = 'google' | 'github';

export function configuredSocialProviders(env: Env = getEnv()): Record<SocialProviderId, boolean> {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
  };
}

/** The site's own origin, its loopback alias in local runs, and a Vercel deployment's host. */
export function trustedOriginsFor(env: Env): string[] {
  const site = new URL(env.SITE_URL);
  const origins = new Set([site.origin]);
  if (site.hostname === 'localhost') origins.add(`${site.protocol}//127.0.0.1${site.port ? `:${site.port}` : ''}`);
  if (site.hostname === '127.0.0.1') origins.add(`${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`);
  if (env.VERCEL_URL) origins.add(`https://${env.VERCEL_URL.replace(/^https?:\/\//, '')}`);
  return [...origins];
}

/** Whether a verification token is better-auth's change-of-email one (its JWT payload names the new address). */
function isChangeEmailToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof payload['updateTo'] === 'string' && payload['requestType'] === 'change-email-verification';
  } catch {
    return false;
  }
}

const badRequest = (message: string, code = 'VALIDATION_FAILED') => APIError.from('BAD_REQUEST', { message, code });

/** Field validators better-auth runs on sign-up and on update-user (Standard Schema). */
const userFieldValidators = {
  full_name: safeText()
    .trim()
    .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong)
    .refine((v) => validateName(v) === null, { error: (issue) => validateName(String(issue.input)) ?? AUTH_MESSAGES.nameInvalid }),
  user_type: z.enum(USER_TYPES, { error: AUTH_MESSAGES.userTypeInvalid }),
  company: safeText().trim().max(COMPANY_MAX_LENGTH, AUTH_MESSAGES.companyTooLong),
};

/** The account rules that span fields or that better-auth does not know (spec section 5), and the closed /update-user. */
function checkAccountRules(path: string, body: Record<string, unknown>): void {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  // The shared text rule for every text field of every auth route (docs/decisions/010): a NUL
  // would otherwise reach PostgreSQL, which refuses it.
  for (const [key, value] of Object.entries(body)) {
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) throw badRequest(`${key}: ${problem}`);
  }
  if (path === '/update-user') {
    // Name, company, user type and avatar belong to the profile (PATCH /api/profile, the
    // avatar upload, Start selling), which keeps the account in step (docs/decisions/012).
    throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_FIELDS_READ_ONLY', message: ERRORS.ACCOUNT_FIELDS_READ_ONLY.message });
  }
  if (path === '/sign-up/email') {
    // A picture is uploaded to the profile later; a sign-up never names one.
    if (body['image'] !== undefined && body['image'] !== null && body['image'] !== '')
      throw badRequest('A profile picture is added from your profile after sign-up');
    const userType = body['user_type'] ?? 'buyer';
    if (!isUserType(userType)) throw badRequest(AUTH_MESSAGES.userTypeInvalid);
    const message =
      validateName(text('full_name') || text('name')) ??
      validateEmail(text('email')) ??
      validateNewPassword(text('password')) ??
      validateCompany(userType, text('company'));
    if (message) throw badRequest(message);
  }
  if (path === '/reset-password' || path === '/change-password') {
    const message = validateNewPassword(text('newPassword'));
    if (message) throw badRequest(message);
  }
}

/** How a new account's fields are stored: trimmed, the full name as better-auth's name, no empty company. */
function normalizeNewUser<T extends Record<string, unknown>>(user: T): T {
  const fullName = typeof user['full_name'] === 'string' && user['full_name'].trim() ? user['full_name'].trim() : String(user['name'] ?? '').trim();
  const company = typeof user['company'] === 'string' && user['company'].trim() ? user['company'].trim() : null;
  const userType = user['user_type'] ?? 'buyer';
  if (!isUserType(userType)) throw badRequest(AUTH_MESSAGES.userTypeInvalid);
  return { ...user, name: fullName || String(user['name'] ?? ''), full_name: fullName || null, company, user_type: userType };
}

/**
 * An account email to the outbox: in the transaction better-auth runs the callback in when it
 * runs in one (a sign-up: the email commits with the account), else in one of its own; its
 * delivery job is woken once that commits. `purpose` and a random id make its reference: each
 * request is an email of its own (a second 'Resend' link is a second email).
 */
async function queueAccountEmail(db: Db, userId: string, purpose: string, mail: MailMessage): Promise<void> {
  await queueTransactionalEmail(authTransaction() ?? db, { userId, reference: `${purpose}:${randomUUID()}`, mail });
  afterAuthCommit(() => deliverSoon(db));
}

/**
 * The before hook: the account rules for every path, then, on the paths whose answer must not
 * tell whether an address has an account, which it is (for evenTiming); and a sign-up naming an
 * address that already has an account: no error (it would tell anyone which addresses have
 * accounts). The owner gets an email; the caller gets the body a new account gets (a user built
 * like one, token null) and, like a new account, no session cookie (autoSignIn is off,
 * docs/decisions/053).
 */
function accountHooks(db: Db, siteUrl: string) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    checkAccountRules(ctx.path, body);
    // The sign-up's transaction writes the verification email and its job: the engine must be
    // running before it (on PGlite it cannot start inside one, docs/decisions/040).
    if (ctx.path === '/sign-up/email') await jobsReady(db);
    if (!EVEN_TIMING_PATHS.has(ctx.path)) return;
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    if (!email) return;
    const existing = await ctx.context.internalAdapter.findUserByEmail(email);
    const during = authRequestState.getStore();
    if (during) during.accountExists = Boolean(existing?.user);
    if (ctx.path !== '/sign-up/email' || !existing?.user) return;
    ctx.context.logger.info('Sign-up attempt for an existing email');
    // A real sign-up hashes the password too: keep the two answers about as slow.
    await ctx.context.password.hash(String(body['password'] ?? ''));
    await queueAccountEmail(
      db,
      existing.user.id,
      'account-exists',
      await accountExistsEmail({
        to: existing.user.email,
        name: toSessionUser(existing.user)?.fullName ?? null,
        signInUrl: new URL('/auth?mode=login', siteUrl).toString(),
        resetUrl: new URL('/auth?mode=forgot-password', siteUrl).toString(),
      }),
    );
    const { name, email: _email, password: _password, image: _image, callbackURL: _callbackURL, rememberMe: _rememberMe, ...rest } = body;
    const now = new Date();
    const fields: Record<string, unknown> = normalizeNewUser({ name: String(name ?? ''), ...parseUserInput(ctx.context.options, rest, 'create') });
    const synthetic = buildSyntheticUserOutput(ctx.context.options, {
      ...fields,
      name: String(fields['name']),
      email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      id: ctx.context.generateId({ model: 'user' }) || randomUUID(),
    });
    return ctx.json({ token: null, user: parseUserOutput(ctx.context.options, synthetic as Parameters<typeof parseUserOutput>[1]) });
  });
}

/** Client-caused refusals better-auth logs as errors (a bad origin) are warnings for us. */
const EXPECTED_REFUSALS = /^(Invalid origin|Invalid callbackURL|Invalid redirectURL|Blocked cross-site|Sign-up attempt|Failed to validate API key)/;

/**
 * What one auth request learnt on its way, for handleAuthRequest:
 * - storageFull: a full disk better-auth met. It logs the error and answers its own 422 or 500
 *   ('Failed to create user'), so the error is caught here, on its way to the log, and the
 *   answer becomes 507 STORAGE_FULL (issue 29).
 * - accountExists: on an EVEN_TIMING_PATHS path, whether the address named has an account.
 */
interface AuthRequestState {
  storageFull?: unknown;
  accountExists?: boolean;
}
const authRequestState = new AsyncLocalStorage<AuthRequestState>();

/** Paths whose answer must not tell whether an address has an account, in its body or its timing. */
const EVEN_TIMING_PATHS = new Set(['/sign-up/email', '/request-password-reset']);

const evenTiming = new EvenTiming();

function logAuth(level: 'debug' | 'info' | 'success' | 'warn' | 'error', message: string, ...args: unknown[]): void {
  const request = authRequestState.getStore();
  const full = request && args.find((arg) => isStorageFull(arg));
  if (request && full) {
    request.storageFull ??= full;
    return;
  }
  if (level === 'error' && !EXPECTED_REFUSALS.test(message)) console.error(`[auth] ${message}`, ...args);
  else if (level === 'error' || level === 'warn') console.warn(`[auth] ${message}`);
}

/**
 * The API key plugin's endpoints. Keys are created, listed and revoked through
 * /api/settings/api-keys and verified by the middleware, all by calling auth.api from the
 * server; over HTTP these paths answer 404 like any unknown auth path.
 */
const API_KEY_AUTH_PATHS = [
  '/api-key/create',
  '/api-key/verify',
  '/api-key/get',
  '/api-key/update',
  '/api-key/delete',
  '/api-key/list',
  '/api-key/delete-all-expired-api-keys',
] as const;

/**
 * The plugin as we use it (docs/decisions/025): keys are `tm_` and 64 letters, stored as
 * their SHA-256 (the plugin's default hashing, never switched off), with the first
 * API_KEY_START_LENGTH characters kept to tell them apart. Its own per-key rate limit is
 * off: ours counts in rate_limit_counters like every other limit (functions/api-keys).
 * Verification still records the time of each use (last_request), shown as 'last used'.
 */
function apiKeyPlugin() {
  return apiKey({
    defaultPrefix: API_KEY_PREFIX,
    defaultKeyLength: API_KEY_SECRET_LENGTH,
    startingCharactersConfig: { shouldStore: true, charactersLength: API_KEY_START_LENGTH },
    requireName: true,
    maximumNameLength: API_KEY_NAME_MAX_LENGTH,
    enableMetadata: false,
    enableSessionForAPIKeys: false,
    rateLimit: { enabled: false },
    keyExpiration: { defaultExpiresIn: null, disableCustomExpiresTime: true },
    schema: apiKeyTableOptions,
  });
}

export interface CreateAuthOptions {
  env?: Env;
  /** Merged over the configuration; tests use it to inject failures. */
  overrides?: Partial<BetterAuthOptions>;
}

function buildOptions(db: Db, { env = getEnv(), overrides = {} }: CreateAuthOptions) {
  const siteUrl = new URL(env.SITE_URL);
  const scale = env.RATE_LIMIT_SCALE;
  const social = configuredSocialProviders(env);
  const customRules = Object.fromEntries(Object.entries(AUTH_RATE_LIMITS).map(([path, rule]) => [path, { window: rule.window, max: rule.max * scale }]));
  return {
    appName: 'toolmint',
    baseURL: siteUrl.origin,
    basePath: '/api/auth',
    secret: getAuthSecret(env),
    trustedOrigins: trustedOriginsFor(env),
    database: { db: trackAuthTransactions(db), type: 'postgres' as const, transaction: true },
    user: {
      ...authTableOptions.user,
      // /settings/account (docs/decisions/032): a new address is used only once the link sent
      // to it is opened (better-auth's change-email-verification flow); until then the old
      // one stays. updateEmailWithoutVerification stays off, even for unverified accounts.
      changeEmail: { enabled: true },
      // Deleting needs the password (POST /delete-user { password }); beforeDelete erases our
      // side in one transaction before better-auth deletes the user, its sessions, accounts
      // and API keys. A failure there refuses the deletion and changes nothing.
      deleteUser: {
        enabled: true,
        async beforeDelete(user: { id: string }) {
          try {
            await deleteAccountData(db, user.id);
          } catch (error) {
            console.warn('[auth] account deletion refused:', error instanceof Error ? error.message : error);
            throw APIError.from('SERVICE_UNAVAILABLE', {
              code: 'SERVICE_UNAVAILABLE',
              message: 'Your account could not be deleted right now. Please try again.',
            });
          }
        },
      },
      additionalFields: {
        full_name: { ...authTableOptions.user.additionalFields.full_name, validator: { input: userFieldValidators.full_name } },
        user_type: { ...authTableOptions.user.additionalFields.user_type, validator: { input: userFieldValidators.user_type } },
        company: { ...authTableOptions.user.additionalFields.company, validator: { input: userFieldValidators.company } },
      },
    },
    session: { ...authTableOptions.session, expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: 60 * 60 * 24 },
    account: { ...authTableOptions.account },
    verification: { ...authTableOptions.verification },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A sign-up starts no session, so its answer is the same for an address that has an
      // account; the verification link (or signing in) starts it (docs/decisions/053). Signing in
      // before verifying still works: unverified accounts can read, not write for others.
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }: { user: { id: string; email: string; name: string }; token: string }) {
        // Asking again voids the links sent before: only the newest works.
        await voidOlderResetTokens(db, user.id, token);
        const fullName = toSessionUser(user)?.fullName ?? user.name;
        await queueAccountEmail(
          db,
          user.id,
          'reset-password',
          await resetPasswordEmail({
            to: user.email,
            name: fullName || null,
            url: resetPasswordUrl(siteUrl.origin, token),
            expiresInMinutes: RESET_TOKEN_EXPIRES_IN_SECONDS / 60,
          }),
        );
      },
      async onPasswordReset({ user }: { user: { id: string } }) {
        await voidResetTokens(db, user.id);
        await markEmailVerified(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TOKEN_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, token }: { user: { id: string; email: string; name: string }; token: string }) {
        // A change of address (/change-email) sends the link to the new address, while the
        // account still holds the old one: that email says so (docs/decisions/032). The token
        // (a JWT better-auth just signed) says which it is, without a query.
        if (isChangeEmailToken(token)) {
          await queueAccountEmail(
            db,
            user.id,
            'change-email',
            await changeEmailMessage({
              to: user.email,
              name: toSessionUser(user)?.fullName ?? (user.name || null),
              url: verifyEmailUrl(siteUrl.origin, token),
              expiresInHours: VERIFY_TOKEN_EXPIRES_IN_SECONDS / 3600,
            }),
          );
          return;
        }
        await queueAccountEmail(
          db,
          user.id,
          'verify-email',
          await verifyEmailMessage({
            to: user.email,
            name: toSessionUser(user)?.fullName ?? (user.name || null),
            url: verifyEmailUrl(siteUrl.origin, token),
            expiresInHours: VERIFY_TOKEN_EXPIRES_IN_SECONDS / 3600,
          }),
        );
      },
    },
    socialProviders: {
      ...(social.google ? { google: { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! } } : {}),
      ...(social.github ? { github: { clientId: env.GITHUB_CLIENT_ID!, clientSecret: env.GITHUB_CLIENT_SECRET! } } : {}),
    },
    rateLimit: {
      // better-auth turns rate limiting off outside production by default; ours is always on.
      enabled: true,
      storage: 'database' as const,
      ...authRateLimitTable,
      window: 60,
      max: 100 * scale,
      customRules: {
        ...customRules,
        // Read on every page view by the header: not worth a database write each time.
        '/get-session': false as const,
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user: Record<string, unknown>) {
            return { data: normalizeNewUser(user) };
          },
          // Runs once the user's transaction has committed (better-auth queues it so). First the
          // index of existing ids hears of the new profile (its commit hook, docs/decisions/071),
          // before the sign-up answers. Then the sign-up's address, hashed, for reputation
          // (docs/decisions/052); an account made without a request (the seed, a CLI) has none.
          async after(user: { id: string }, context: { headers?: Headers; request?: Request } | null) {
            afterCommit(db, [{ event: 'profile.created', data: { userId: user.id } }]);
            const address = context?.headers?.get(CLIENT_IP_HEADER) ?? context?.request?.headers.get(CLIENT_IP_HEADER);
            if (address) await recordAccountOrigin(db, user.id, accountOriginKey(address, getAuthSecret(env)));
          },
        },
      },
    },
    hooks: {
      before: accountHooks(db, siteUrl.origin),
    },
    advanced: {
      cookiePrefix: 'toolmint',
      // Secure and the __Secure- prefix whenever the site is served over https (production).
      useSecureCookies: siteUrl.protocol === 'https:',
      defaultCookieAttributes: { sameSite: 'lax' as const, httpOnly: true, path: '/' },
      // better-auth skips its origin check when NODE_ENV=test; we test the real behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [apiKeyPlugin()],
    disabledPaths: [...API_KEY_AUTH_PATHS],
    telemetry: { enabled: false },
    // 'info', not 'warn': at 'warn' better-auth logs every refused request (a 400, a 401) as
    // an error through its default console logger; logAuth keeps warnings and real errors.
    logger: { level: 'info' as const, log: logAuth },
    ...overrides,
  } satisfies BetterAuthOptions;
}

export function createAuth(db: Db, options: CreateAuthOptions = {}) {
  return betterAuth(buildOptions(db, options));
}

export type Auth = ReturnType<typeof createAuth>;

const GLOBAL_KEY = Symbol.for('toolmint.auth');
type GlobalWithAuth = typeof globalThis & { [GLOBAL_KEY]?: Promise<Auth> };

/** The process-wide auth on the process-wide database. */
export function getAuth(): Promise<Auth> {
  const g = globalThis as GlobalWithAuth;
  g[GLOBAL_KEY] ??= getDb()
    .then((db) => createAuth(db))
    .catch((error: unknown) => {
      delete g[GLOBAL_KEY];
      throw error;
    });
  return g[GLOBAL_KEY];
}

/** Forget the process-wide instance (tests that swap the database). */
export function resetAuth(): void {
  delete (globalThis as GlobalWithAuth)[GLOBAL_KEY];
}

/**
 * Passes a request to better-auth with the client address Astro determined. The header is
 * replaced, so a client cannot pick its own rate-limit bucket. The body is read through the
 * capped reader (413 PAYLOAD_TOO_LARGE over the path's limit, functions/_shared/body-limit.ts).
 */
export async function handleAuthRequest(auth: Auth, request: Request, clientAddress: string | undefined): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientAddress) headers.set(CLIENT_IP_HEADER, clientAddress);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(await readBody(request)) : null,
    signal: request.signal,
  });
  const during: AuthRequestState = {};
  const started = performance.now();
  const response = await authRequestState.run(during, () => auth.handler(forwarded));
  const pathname = new URL(request.url).pathname;
  if (during.storageFull !== undefined && response.status >= 400) {
    const { code, message } = storageFullError(during.storageFull, `${request.method} ${pathname}`);
    return json({ code, message, error: { code, message } }, { status: ERRORS.STORAGE_FULL.status });
  }
  const authPath = pathname.slice('/api/auth'.length);
  if (EVEN_TIMING_PATHS.has(authPath) && during.accountExists !== undefined && response.ok) {
    const wait = evenTiming.waitFor(authPath, during.accountExists, performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return withErrorShape(response);
}

/** Codes for better-auth's refusals that carry none (a 429, some validation errors). */
const AUTH_STATUS_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * better-auth answers a refusal as { code?, message }; the API's error shape is
 * { error: { code, message } } (docs/decisions/010). Both are kept: the top-level fields for
 * better-auth's conventions, the nested ones for the shape; a missing code comes from the status.
 */
async function withErrorShape(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'error' in body) return response;
  const code = typeof body['code'] === 'string' && body['code'] ? body['code'] : (AUTH_STATUS_CODES[response.status] ?? 'AUTH_ERROR');
  const message = typeof body['message'] === 'string' && body['message'] ? body['message'] : 'Something went wrong';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, code, message, error: { code, message } }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export interface LoadedSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
  /** Set-Cookie headers better-auth produced (a refreshed session), to pass on to the response. */
  setCookies: string[];
}

/** The session of a request, or null. Never throws for a bad or expired cookie. */
export async function loadSession(auth: Auth, headers: Headers): Promise<LoadedSession | null> {
  if (!headers.get('cookie')) return null;
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const user = toSessionUser(response?.user);
  if (!response || !user) return null;
  return {
    user,
    sessionId: response.session.id,
    expiresAt: new Date(response.session.expiresAt),
    setCookies: responseHeaders.getSetCookie(),
  };
}
