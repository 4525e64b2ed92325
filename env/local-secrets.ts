/**
 * The secret of an installation that configured none (`npm start`, `npm run dev` with no
 * BETTER_AUTH_SECRET): random on the first start, kept in DATA_DIR/secrets.json (mode 600) and
 * read again on every later start, so sessions, unsubscribe links and local payment events
 * stay valid across restarts while no two installations share a key (docs/decisions/053).
 * Called by getAuthSecret (env/index.ts), from which every local signing key is
 * derived (better-auth, unsubscribe tokens, the local payment webhook, visitor keys).
 *
 * Invariant: one secret per data folder, whichever process creates it first. The file is
 * written whole under a temporary name and linked into place, so a process starting at the
 * same moment reads either no file or the whole one, never half of it; the loser of that race
 * reads the winner's secret.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRETS_FILE = 'secrets.json';

/** 32 random bytes: what `openssl rand -base64 32` gives, the length production asks for. */
const SECRET_BYTES = 32;

interface StoredSecrets {
  authSecret: string;
}

const cache = new Map<string, string>();

const newSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

function parse(file: string, text: string): string {
  let stored: Partial<StoredSecrets> | null;
  try {
    stored = JSON.parse(text) as Partial<StoredSecrets>;
  } catch {
    stored = null;
  }
  const secret = stored?.authSecret;
  if (typeof secret !== 'string' || secret.length < 32) {
    // Never replaced silently: a new secret signs everyone out and voids every emailed link.
    throw new Error(`${file} is damaged (no authSecret of at least 32 characters). Delete it to generate a new secret, or set BETTER_AUTH_SECRET.`);
  }
  return secret;
}

function read(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // A copy restored with looser permissions is tightened again: it holds a signing key.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parse(file, text);
}

function create(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = newSecret();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ authSecret: secret } satisfies StoredSecrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.chmodSync(temporary, 0o600); // whatever the umask
    fs.linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read(file)!;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * The stored secret of `dataDir`, created on first use. An in-memory data folder
 * (`memory://`, tests) keeps nothing on disk, so its secret is random per process.
 */
export function storedAuthSecret(dataDir: string): string {
  const key = dataDir.startsWith('memory://') ? 'memory://' : path.resolve(dataDir, SECRETS_FILE);
  const cached = cache.get(key);
  if (cached) return cached;
  let secret: string;
  if (key === 'memory://') secret = newSecret();
  else {
    try {
      secret = read(key) ?? create(key);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(key)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot keep the generated secret in ${key}: ${reason}. Make the data folder writable, or set BETTER_AUTH_SECRET.`, { cause: error });
    }
  }
  cache.set(key, secret);
  return secret;
}
