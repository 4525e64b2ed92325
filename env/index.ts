/**
 * Server environment, validated once with zod.
 *
 * Owns every variable the server reads. Called by db/, functions/ and scripts/;
 * never imported by islands (nothing here is public). With no variables set the
 * app runs on the embedded defaults: PGlite under DATA_DIR, blobs in a local folder.
 * A leaf below both db/ and functions/: it imports neither (tests/unit/layers.test.ts,
 * docs/decisions/063), so the database layer reads its variables without importing functions/.
 */
import { z } from 'zod';
import path from 'node:path';
import { storedAuthSecret } from './local-secrets';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const NewCreatorReviewSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
);
/** Any other on/off switch that defaults to on. */
const OnByDefaultSchema = NewCreatorReviewSchema;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Postgres (Neon in production). Absent: embedded PGlite under DATA_DIR. */
    DATABASE_URL: optionalUrl,
    /**
     * host:port/path of a WebSocket-to-TCP proxy, for using the Neon driver against a
     * plain PostgreSQL server (tests and CI). Absent: the driver talks to Neon directly.
     */
    DATABASE_WS_PROXY: z.string().trim().optional(),
    /** Folder for the embedded database, local blobs and the mail outbox. */
    DATA_DIR: z.string().trim().default('.data'),
    /**
     * Public origin of the site: canonical URLs, sitemap, auth origin checks. Unset: where
     * `npm start` listens, http://HOST:PORT (see siteUrlFor below).
     */
    SITE_URL: optionalUrl,
    /**
     * Vercel: the ISR bypass token (at least 32 characters). The catalogue pages are cached on
     * the CDN and revalidated on demand with it when their content changes (docs/decisions/015).
     * Unset on Vercel: those pages render on every request. Unused by `npm start`.
     */
    ISR_BYPASS_TOKEN: z
      .string()
      .trim()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Vercel Blob read-write token (`vercel_blob_rw_<store>_<secret>`) of a public store:
     * uploads go there. Absent: the local folder DATA_DIR/blobs.
     */
    BLOB_READ_WRITE_TOKEN: z
      .string()
      .trim()
      .regex(/^vercel_blob_rw_[^_]+_.+$/, 'must look like vercel_blob_rw_<store>_<secret>')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Optional token of a second, private Vercel Blob store for deliverable files. Absent: they
     * are kept in the public store under unguessable paths (docs/decisions/006).
     */
    BLOB_PRIVATE_READ_WRITE_TOKEN: z
      .string()
      .trim()
      .regex(/^vercel_blob_rw_[^_]+_.+$/, 'must look like vercel_blob_rw_<store>_<secret>')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where `npm start` builds the site (inside the project: the server bundle resolves node_modules from it); catalogue pages are written into its client folder as they change. */
    OUT_DIR: z.string().trim().default('dist'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().default('localhost'),
    /** Vercel sets it to the deployment's host; preview deployments are trusted auth origins too. */
    VERCEL_URL: z.string().trim().optional(),

    // Accounts and email (functions/auth/auth.ts, functions/_shared/mailer.ts).
    /**
     * Signs session cookies and tokens. Optional in development and tests (a random secret is
     * generated on the first start and kept in DATA_DIR/secrets.json, mode 600); getAuthSecret()
     * refuses to run without a real one when NODE_ENV=production.
     */
    BETTER_AUTH_SECRET: z.string().trim().optional(),
    /** OAuth apps: each provider is offered only when both its id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().trim().optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
    GITHUB_CLIENT_ID: z.string().trim().optional(),
    GITHUB_CLIENT_SECRET: z.string().trim().optional(),
    /** Resend API key: with it emails are sent through Resend; without it they go to DATA_DIR/outbox. */
    RESEND_API_KEY: z.string().trim().optional(),
    /**
     * Signing secret (whsec_…) of the Resend webhook pointed at /api/email/webhook: hard bounces
     * and complaints stop email to that address (functions/email/bounces.service.ts). Unset: the
     * route refuses every call.
     */
    RESEND_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Sender of account emails. */
    MAIL_FROM: z.string().trim().default('toolmint <no-reply@toolmint.local>'),
    /** Where people reach the team: the /support page (prebuilt, so read at build time) and the terms point to it. */
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
      .default('support@toolmint.dev'),

    // Write limits, storage quota and the upload sweep (functions/_shared/rate-limit.ts,
    // functions/uploads; docs/decisions/011).
    /**
     * Multiplies every rate limit, the auth ones included (default 1). For automated test runs
     * whose every request comes from one address; never needed in production.
     */
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    /** Storage each account may use for its uploads, in bytes (default 2 GB). */
    STORAGE_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(2 * 1024 * 1024 * 1024),
    /** Vercel Cron sends it as `Authorization: Bearer <CRON_SECRET>` to /api/cron/sweep; unset: that route refuses every call. */
    CRON_SECRET: z.string().trim().optional(),

    /**
     * `0` runs the embedded database on the main thread instead of a worker thread of its own
     * (db/pglite-thread.ts, docs/decisions/016): for comparing the two; the default is the worker.
     */
    PGLITE_WORKER: z.enum(['0', '1']).default('1'),

    // Search under load (functions/_shared/read-guard.ts, docs/decisions/016).
    /**
     * Searches running at once in one process; more wait a little in order, then get 503
     * SERVER_BUSY with Retry-After. Unset: 2 on PGlite (one thread runs every query), 8 on
     * PostgreSQL (two of the pool's 10 connections stay free for everything else).
     */
    SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
    /** Deadline of one search in milliseconds (statement_timeout on PostgreSQL); past it: 504 QUERY_TIMEOUT. */
    SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),

    // Payments (functions/payments, docs/decisions/013).
    /** Stripe secret key (sk_live_… / sk_test_…). With STRIPE_WEBHOOK_SECRET: Stripe Checkout and Connect; without: local test payments. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Signing secret of the Stripe webhook endpoint /api/payments/webhook (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The platform's fee in basis points of each sale (1500 = 15%, the spec's 0.85 creator share). */
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(1500),
    /**
     * Days a sale is held before its net can be paid out (default 7), so that refunds inside the
     * window never reach a paid-out balance (functions/payments/ledger.service.ts, docs/decisions/048).
     */
    PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    /**
     * Tax (src/shared/tax.ts, docs/decisions/050): the EU member state where the platform is
     * established for VAT, as an ISO code (IE, DE, ...). Unset: outside the EU, so every EU
     * business buyer with a well-formed VAT ID of its own member state is reverse charged; set,
     * buyers in that state pay its VAT even with a VAT ID (a domestic sale).
     */
    TAX_ORIGIN_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(AT|BE|BG|HR|CY|CZ|DK|EE|FI|FR|DE|GR|HU|IE|IT|LV|LT|LU|MT|NL|PL|PT|RO|SK|SI|ES|SE)$/, 'must be the ISO code of an EU member state, e.g. IE')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The marketplace operator as invoices name it under 'toolmint': legal name, address and
     * VAT or OSS registration, one line (e.g. 'toolmint Ltd, 1 Main St, Dublin, Ireland, VAT IE1234567WA').
     * Unset: invoices name the operator 'toolmint' only.
     */
    INVOICE_OPERATOR_DETAILS: z
      .string()
      .trim()
      .max(300)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * When the scheduled payouts run: a five-field cron expression in UTC (default Mondays at
     * 06:00). Each run requests a payout for every creator with at least $10 available.
     */
    PAYOUT_SCHEDULE: z
      .string()
      .trim()
      .regex(/^\S+( \S+){4}$/, 'must be a five-field cron expression, e.g. 0 6 * * 1')
      .default('0 6 * * 1'),

    // Publishing that resists spam (functions/products/review-queue.service.ts, docs/decisions/031).
    /**
     * `on` (the default): the first 3 products of an account younger than 7 days, or with an
     * unverified email, wait for an administrator at /admin/products before they are public.
     * `off`: they are published at once. Read on every publish (newCreatorReview below).
     */
    NEW_CREATOR_REVIEW: NewCreatorReviewSchema,

    // Outbound requests (functions/_shared/outbound-fetch.ts, docs/decisions/027).
    /**
     * Tests only: comma-separated `host:port` pairs that outbound requests (webhook deliveries)
     * may reach although they are private or loopback, over http as well as https, e.g.
     * `127.0.0.1:4799` for a local test receiver. Never set it in a deployment (the server logs
     * a warning when it is set): unset, every private, loopback, link-local and other non-public
     * address is refused.
     */
    OUTBOUND_ALLOW_HOSTS: z
      .string()
      .trim()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'must be host:port pairs separated by commas'))),

    // Changelog sources of AI tools (functions/tool-feeds, docs/decisions/039).
    /**
     * `on` (the default): the built-in tools' public changelog feeds are seeded with the
     * reference data and fetched by the changelog job. `off`: they are not seeded (the test
     * servers, which must not reach the internet); sources maintainers add still work.
     */
    CHANGELOG_SEED_SOURCES: OnByDefaultSchema,
  })
  .superRefine((env, ctx) => {
    // A provider is offered only with both halves; one alone is a configuration mistake that
    // would silently hide the button (docs/decisions/032).
    for (const [id, secret] of [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
    ] as const) {
      if (Boolean(env[id]) !== Boolean(env[secret]))
        ctx.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `must be set together with ${env[id] ? id : secret}` });
    }
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? siteUrlFor(env.HOST, env.PORT) }));

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

// --- Site URL derived from HOST and PORT (docs/decisions/009) ---
/** Hosts that mean 'every interface': a browser reaches them as localhost. */
const ANY_INTERFACE = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origin a browser uses for a server listening on host:port, for when SITE_URL is unset:
 * a custom PORT then keeps the auth origin check, canonical URLs and the build in step.
 */
export function siteUrlFor(host: string, port: number): string {
  const name = ANY_INTERFACE.has(host.trim()) ? 'localhost' : host.trim();
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return new URL(`http://${bracketed}:${port}`).origin;
}
// --- end site URL ---

/** Validated environment; throws one readable error listing every bad variable. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}

/**
 * Whether new creators' first products wait in the review queue (NEW_CREATOR_REVIEW). Read from
 * the environment on each call rather than from getEnv()'s cached copy, so a test can switch it;
 * the server still refuses to start with a bad value, since getEnv() validates it too.
 */
export function newCreatorReview(source: NodeJS.ProcessEnv = process.env): boolean {
  return NewCreatorReviewSchema.parse(source['NEW_CREATOR_REVIEW']) === 'on';
}

/**
 * The constant earlier versions signed with when BETTER_AUTH_SECRET was unset. It is public (it
 * was in this file), so it is refused everywhere: a key anyone can read would let anyone forge a
 * session, an unsubscribe link or a local payment (docs/decisions/053).
 */
export const PUBLISHED_DEV_AUTH_SECRET = 'toolmint-development-secret-not-for-production-use';

/**
 * The secret for better-auth, and the root every other local signing key is derived from
 * (unsubscribe tokens, the local payment webhook, visitor keys). Checked when first used, not in
 * getEnv(), so that a build (which never signs anything) does not need it. Unset outside
 * production: a random secret generated on the first start and kept in DATA_DIR/secrets.json
 * (env/local-secrets.ts).
 */
export function getAuthSecret(env: Env = getEnv()): string {
  const secret = env.BETTER_AUTH_SECRET;
  if (secret === PUBLISHED_DEV_AUTH_SECRET) {
    throw new Error(
      'BETTER_AUTH_SECRET is a published example value. Unset it (a random one is generated in DATA_DIR) or generate one with `openssl rand -base64 32`.',
    );
  }
  if (env.NODE_ENV === 'production') {
    if (!secret) throw new Error('BETTER_AUTH_SECRET must be set in production (generate one with `openssl rand -base64 32`).');
    if (secret.length < 32) throw new Error('BETTER_AUTH_SECRET must be at least 32 characters long in production.');
  }
  return secret || storedAuthSecret(env.DATA_DIR);
}

/** Absolute path of a folder inside DATA_DIR. */
export function dataPath(...parts: string[]): string {
  return path.resolve(getEnv().DATA_DIR, ...parts);
}
