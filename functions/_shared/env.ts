/**
 * Server environment, validated once with zod.
 *
 * Owns every variable the server reads. Called by db/, functions/ and scripts/;
 * never imported by islands (nothing here is public). With no variables set the
 * app runs on the embedded defaults: PGlite under DATA_DIR, blobs in a local folder.
 */
import { z } from 'zod';
import path from 'node:path';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Postgres (Neon in production). Absent: embedded PGlite under DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * host:port/path of a WebSocket-to-TCP proxy, for using the Neon driver against a
   * plain PostgreSQL server (tests and CI). Absent: the driver talks to Neon directly.
   */
  DATABASE_WS_PROXY: z.string().trim().optional(),
  /** Folder for the embedded database, local blobs, the content snapshot and the mail outbox. */
  DATA_DIR: z.string().trim().default('.data'),
  /** Public origin of the site: canonical URLs, sitemap, auth origin checks. */
  SITE_URL: z.url().default('http://localhost:4321'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('localhost'),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

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

/** Absolute path of a folder inside DATA_DIR. */
export function dataPath(...parts: string[]): string {
  return path.resolve(getEnv().DATA_DIR, ...parts);
}
