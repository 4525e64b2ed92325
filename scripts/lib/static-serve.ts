/**
 * The node server's fast path for the files of a build output (`<outDir>/client`): prebuilt
 * pages, /_astro assets, public files. Used by scripts/lib/serve.ts before the Astro node
 * adapter, whose static handler (send) plus the `compression` middleware compressed every
 * answer anew (docs/decisions/017). Here the bytes go out as they are on disk: the .br or .gz
 * variant written at build time (scripts/lib/static-files.ts) when the client accepts it.
 *
 * Path resolution is the adapter's for `build.format: 'directory'` and `trailingSlash:
 * 'ignore'`: `/x` and `/x/` are `x/index.html`, `/x.xml` is that file, a file asked for with
 * a trailing slash or a missing file is not ours (the adapter's on-demand routes and 404 page
 * answer). Dotfiles are not ours either (the adapter refuses them). What may never reach the
 * disk is refused outright: NUL, encoded slashes or backslashes, `.` and `..` segments, and
 * anything that resolves outside the client folder. The folder is listed once when the build
 * is loaded (ClientListing): a path it does not hold is not ours without a syscall.
 *
 * Caching: `/_astro/*` is content-hashed, so immutable for a year; everything else (pages
 * change on every publish) must revalidate, cheaply, with the ETag (size and mtime of the
 * bytes sent, so each encoding has its own) or Last-Modified.
 *
 * The origin: the few prebuilt files that name the site's origin hold a placeholder instead
 * (functions/_shared/site-origin.ts, listed by the build in origin-files.json); they are
 * filled in with this server's origin when the build is loaded, compressed once in the
 * background (sent plain until then), and sent from memory.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { etagMatches } from '@/functions/_shared/http';
import { fillOrigin } from '@/functions/_shared/site-origin';
import { VARIANT_SUFFIX, compressVariants, hasVariants, isCompressible, readFreshVariant, type Encoding } from './static-files';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** What a path is to the fast path: a file to send, not ours, or refused (answer 404). */
export type StaticLookup = { kind: 'file'; file: string; stats: fs.Stats } | { kind: 'none' } | { kind: 'refused' };

/** Encoded `/` or `\`, and NUL in any form: never part of a file path. */
const FORBIDDEN = /%2f|%5c|%00|\\|\0/i;

/**
 * The stats of `file`, or undefined when there is none or the file system refuses its name
 * (ENAMETOOLONG: a segment over 255 bytes; ENOTDIR): such a path names no file of ours, and
 * a request for it must not end in a 500 (issue 29).
 */
function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENAMETOOLONG' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * What a build's client folder holds, listed once when the build is loaded: its files and
 * folders, as paths relative to it with `/` between segments ('' is the folder itself). A
 * build's folder does not change while it is served (a new build is loaded whole by
 * SiteServer.swap, and the page store, which is written while serving, is another folder), so
 * a path that names nothing in it is answered without a syscall (issue 30: an unknown path
 * cost a stat before the 404 page). Only what is listed is stat'ed, on every request, so a
 * file rewritten in place is still served new at once, and one removed is not served.
 */
export interface ClientListing {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

export function listClientFolder(clientDir: string): ClientListing {
  const files = new Set<string>();
  const folders = new Set<string>(['']);
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      // A symbolic link counts as what it points to, as the stat of a request would.
      const kind = entry.isSymbolicLink() ? statOf(path.join(dir, entry.name)) : entry;
      if (kind?.isDirectory()) {
        folders.add(name);
        walk(path.join(dir, entry.name), name);
      } else if (kind?.isFile()) {
        files.add(name);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, '');
  return { files, folders };
}

/**
 * The file under `clientDir` that the adapter would send for `urlPath` (the path of the
 * request, without query), by the rules in the header, among the files `listing` holds: a
 * path it does not hold is 'none' without touching the disk.
 */
export function resolveStaticFile(clientDir: string, listing: ClientListing, urlPath: string): StaticLookup {
  if (FORBIDDEN.test(urlPath)) return { kind: 'refused' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { kind: 'refused' };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return { kind: 'refused' };
  if (segments.some((s, i) => s.startsWith('.') && !(i === 1 && s === '.well-known'))) return { kind: 'none' };
  const target = path.resolve(clientDir, `.${decoded}`);
  if (target !== clientDir && !target.startsWith(clientDir + path.sep)) return { kind: 'refused' };
  const relative = path.relative(clientDir, target).split(path.sep).join('/');
  if (listing.folders.has(relative)) {
    const index = relative ? `${relative}/index.html` : 'index.html';
    if (!listing.files.has(index)) return { kind: 'none' };
    const file = path.join(target, 'index.html');
    const stats = statOf(file);
    return stats?.isFile() ? { kind: 'file', file, stats } : { kind: 'none' };
  }
  if (!listing.files.has(relative) || decoded.endsWith('/')) return { kind: 'none' };
  const stats = statOf(target);
  return stats?.isFile() ? { kind: 'file', file: target, stats } : { kind: 'none' };
}

/**
 * The encodings the client accepts, best first: br and gzip by their q-values (`*` stands for
 * those not named; q=0 refuses). Equal weights prefer br, the smaller.
 */
function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const)
    .map((encoding, order) => ({ encoding, weight: weightOf(encoding), order }))
    .filter((e) => e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((e) => e.encoding);
}

/** One representation of a file: the plain bytes or a variant. */
interface Representation {
  file: string;
  size: number;
  encoding?: Encoding;
  /** For the body cache: changes whenever the file on disk does. */
  stamp: string;
  /** The bytes themselves, for a file filled in at load (nothing is read from disk). */
  body?: Buffer;
  /** The stats it was known by (files read from disk). */
  stats?: Pick<fs.Stats, 'ino' | 'size' | 'mtimeMs'>;
}

/** What is known of a file while its stats stay the same. */
interface FileEntry {
  stamp: string;
  /**
   * Weak, from the plain file's size and mtime, and shared by its variants: a weak validator
   * names the content, and the br, gzip and plain bytes of one file are the same content
   * (RFC 9110 8.8.1). A client that revalidates with another Accept-Encoding gets its 304.
   */
  etag: string;
  contentType: string;
  compressible: boolean;
  lastModified: string;
  /** Whole seconds, as Last-Modified carries them. */
  mtimeSeconds: number;
  plain: Representation;
  br?: Representation;
  gzip?: Representation;
}

/**
 * What the server adds to a file's own headers, by path (scripts/lib/serve.ts): the security
 * headers and the Content-Security-Policy of a 200, and of a 304 (the page's own policy or
 * none). Asked once per path and file, when its header blocks are built; the same objects for
 * the same headers (their blocks are made once, sharedBlock).
 */
export type ExtraHeaders = (
  urlPath: string,
  html: boolean,
  pageCsp: string | undefined,
) => {
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
};

/** Headers as writeHead takes them without copying: name, value, name, value… */
type HeaderBlock = string[];

/**
 * A path's answers, built once while its file and policy stay the same: the whole header block
 * of each representation and of the 304, so a request costs a map lookup and one writeHead.
 */
interface Route {
  entry: FileEntry;
  pageCsp: string | undefined;
  blocks: Partial<Record<'plain' | Encoding, HeaderBlock>>;
  notModified: HeaderBlock;
}

/** What sending a file needs of its stats: an fs.Stats, or what the page store kept of one (scripts/lib/page-store.ts). */
export type FileStats = Pick<fs.Stats, 'ino' | 'size' | 'mtimeMs' | 'mtime'>;

/** A file to send: found by lookup(), or a stored page (the store knows its variants' stats too). */
export interface FileToSend {
  file: string;
  stats: FileStats;
  variants?: Partial<Record<Encoding, FileStats>>;
}

const stampOf = (stats: FileStats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

function representation(file: string, stats: FileStats, encoding?: Encoding): Representation {
  return { file, size: stats.size, encoding, stamp: stampOf(stats), stats: { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs } };
}

/** If-None-Match, else If-Modified-Since to the second (as Last-Modified carries it). */
function isNotModified(req: http.IncomingMessage, etag: string, mtimeSeconds: number): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return etagMatches(inm, etag);
  const ims = req.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && mtimeSeconds * 1000 <= since;
}

/**
 * Bounds of the caches below (the least recently used entries are dropped). They are
 * lru-cache's: a Map trimmed by deleting its oldest key leaves a hole that every later lookup
 * of the oldest walks over until the table is rebuilt, 13 µs per insert at 20,000 entries,
 * which a crawl of cold pages paid two and three times per request (docs/decisions/076).
 */
const PATH_CACHE_ENTRIES = 20_000;
const BODY_CACHE_BYTES = 64 * 1024 * 1024;
const BODY_CACHE_FILE_BYTES = 1024 * 1024;

/**
 * The block of a set of headers that many paths share (the security headers and a policy,
 * ExtraHeaders hands the same object for the same set), made once per set: a path's blocks
 * copy it and add their own few headers.
 */
const sharedBlocks = new WeakMap<object, HeaderBlock>();

function sharedBlock(headers: Readonly<Record<string, string>>): HeaderBlock {
  let made = sharedBlocks.get(headers);
  if (!made) {
    made = block(headers);
    sharedBlocks.set(headers, made);
  }
  return made;
}

function block(...parts: Readonly<Record<string, string | number>>[]): HeaderBlock {
  const out: HeaderBlock = [];
  for (const part of parts) for (const [name, value] of Object.entries(part)) out.push(name, String(value));
  return out;
}

/** Marks a response whose headers the fast path wrote whole (the server's onHeaders hook leaves it alone). */
const WHOLE_HEADERS = Symbol('whole headers');

export function hasWholeHeaders(res: http.ServerResponse): boolean {
  return (res as http.ServerResponse & { [WHOLE_HEADERS]?: boolean })[WHOLE_HEADERS] === true;
}

function writeWhole(res: http.ServerResponse, status: number, headers: HeaderBlock): void {
  (res as http.ServerResponse & { [WHOLE_HEADERS]?: boolean })[WHOLE_HEADERS] = true;
  res.writeHead(status, headers);
}

/**
 * The files of one build output, or of the page store, served. A build file costs one stat
 * per request (its path cache entry is kept while that stat is unchanged), a path that names
 * no file of the build none (the folder is listed once, ClientListing); a stored page none
 * (the caller knows its stats). What was learnt of a path (which file it resolves to, its
 * variants, validators, header blocks and, for files up to 1 MB, its bytes) is kept while the
 * stat is unchanged. A file is replaced by a rename (writeStaticFile), which changes its inode,
 * and its variants are written before it and never without it: an unchanged stat means
 * unchanged variants too. Stats of known paths are synchronous (a local file in the page
 * cache answers in a microsecond, less than a round trip through libuv's thread pool); what is
 * read the first time (the variants' stats, the bytes) is read asynchronously.
 */
export class StaticFiles {
  readonly clientDir: string;
  private readonly resolved = new LRUCache<string, string>({ max: PATH_CACHE_ENTRIES });
  private readonly entries = new LRUCache<string, FileEntry>({ max: PATH_CACHE_ENTRIES });
  private readonly routes = new LRUCache<string, Route>({ max: PATH_CACHE_ENTRIES });
  private readonly bodies = new LRUCache<string, { stamp: string; body: Buffer }>({
    maxSize: BODY_CACHE_BYTES,
    sizeCalculation: (kept) => kept.body.byteLength,
  });
  /** The files filled in with the origin at load, by absolute path: never read from disk again. */
  private readonly filled = new Map<string, FileEntry>();
  private readonly extraHeaders: ExtraHeaders;
  /** What lookup() finds files among: listed at construction for a build (`listed`), else at the first lookup(). */
  private listing: ClientListing | undefined;

  /**
   * `origin`: fill it into `originFiles` (paths relative to clientDir, from the build's
   * origin-files.json). `extraHeaders`: the security headers per path (none by default).
   * `listed`: list the folder now (a build being loaded), not on the first lookup(); the page
   * store's files, sent with the stats the store keeps, are never looked up.
   */
  constructor(clientDir: string, options: { origin?: string; originFiles?: readonly string[]; extraHeaders?: ExtraHeaders; listed?: boolean } = {}) {
    this.clientDir = path.resolve(clientDir);
    this.extraHeaders = options.extraHeaders ?? (() => ({ ok: {}, notModified: {} }));
    if (options.listed) this.listing = listClientFolder(this.clientDir);
    if (options.origin) for (const name of options.originFiles ?? []) this.fill(path.join(this.clientDir, name), options.origin);
  }

  private fill(file: string, origin: string): void {
    const stats = fs.statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) return;
    const body = Buffer.from(fillOrigin(fs.readFileSync(file, 'utf8'), origin));
    const stamp = `filled:${createHash('sha256').update(body).digest('base64url')}`;
    const inMemory = (bytes: Buffer, encoding?: Encoding): Representation => ({ file, size: bytes.byteLength, encoding, stamp, body: bytes });
    const entry: FileEntry = {
      stamp,
      etag: `W/"${stamp.slice(7, 27)}"`,
      contentType: contentTypeOf(file),
      compressible: isCompressible(file),
      lastModified: stats.mtime.toUTCString(),
      mtimeSeconds: Math.floor(stats.mtimeMs / 1000),
      plain: inMemory(body),
    };
    this.filled.set(file, entry);
    if (!entry.compressible) return;
    // Sent plain until its variants are compressed, off this thread; then a new entry with them
    // (the header blocks of a path are cached per entry).
    compressVariants(body).then(
      (variants) => {
        if (this.filled.get(file) !== entry) return;
        const withVariants: FileEntry = { ...entry };
        for (const [encoding, bytes] of Object.entries(variants) as [Encoding, Buffer][]) withVariants[encoding] = inMemory(bytes, encoding);
        this.filled.set(file, withVariants);
      },
      (error: unknown) => console.error(`[serve] compressing ${file} failed; it is sent plain:`, error),
    );
  }

  /** The bytes of a file of the build as they are sent (filled in, for a file that names the origin), or undefined. */
  contentOf(relative: string): Buffer | undefined {
    const file = path.join(this.clientDir, relative);
    const filled = this.filled.get(file);
    if (filled) return filled.plain.body;
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  }

  /** The build's file for a request path: one stat when the build holds it, no syscall when it does not. */
  lookup(urlPath: string): StaticLookup {
    const known = this.resolved.get(urlPath);
    if (known) {
      const stats = fs.statSync(known, { throwIfNoEntry: false });
      if (stats?.isFile()) return { kind: 'file', file: known, stats };
      this.resolved.delete(urlPath);
    }
    this.listing ??= listClientFolder(this.clientDir);
    const found = resolveStaticFile(this.clientDir, this.listing, urlPath);
    if (found.kind === 'file') this.resolved.set(urlPath, found.file);
    return found;
  }

  /** The entry of a file whose stats are unchanged (compared field by field: no string per request). */
  private knownEntry(file: string, stats: FileStats): FileEntry | undefined {
    const filled = this.filled.get(file);
    if (filled) return filled;
    const known = this.entries.get(file);
    const plain = known?.plain.stats;
    return plain && plain.ino === stats.ino && plain.size === stats.size && plain.mtimeMs === stats.mtimeMs ? known : undefined;
  }

  /**
   * What is known of a file from its stats. `variants`: their stats when the caller knows them
   * (a stored page): then nothing is looked up on disk and the entry is made at once; else the
   * variants' stats are read asynchronously.
   */
  private entryFor(file: string, stats: FileStats, variants?: Partial<Record<Encoding, FileStats>>): FileEntry | Promise<FileEntry> {
    const entry: FileEntry = {
      stamp: stampOf(stats),
      etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      contentType: contentTypeOf(file),
      compressible: isCompressible(file),
      lastModified: stats.mtime.toUTCString(),
      mtimeSeconds: Math.floor(stats.mtimeMs / 1000),
      plain: representation(file, stats),
    };
    const keep = () => {
      this.entries.set(file, entry);
      return entry;
    };
    if (!entry.compressible) return keep();
    if (variants) {
      for (const encoding of ['br', 'gzip'] as const) {
        const known = variants[encoding];
        if (known) entry[encoding] = representation(`${file}${VARIANT_SUFFIX[encoding]}`, known, encoding);
      }
      return keep();
    }
    return Promise.all(
      (['br', 'gzip'] as const).map(async (encoding) => {
        const variant = await readFreshVariant(file, encoding, stats);
        if (variant) entry[encoding] = representation(variant.file, variant.stats, encoding);
      }),
    ).then(keep);
  }

  /** The header blocks of a path, built once per file version and policy. */
  private routeFor(urlPath: string, entry: FileEntry, pageCsp: string | undefined): Route {
    const known = this.routes.get(urlPath);
    if (known && known.entry === entry && known.pageCsp === pageCsp) return known;
    const extra = this.extraHeaders(urlPath, entry.contentType.startsWith('text/html'), pageCsp);
    const validators = {
      ...(entry.compressible ? { vary: 'Accept-Encoding' } : {}),
      'cache-control': urlPath.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
      etag: entry.etag,
      'last-modified': entry.lastModified,
    };
    const blocks: Route['blocks'] = {};
    for (const key of ['plain', 'br', 'gzip'] as const) {
      const chosen = entry[key];
      if (!chosen) continue;
      blocks[key] = sharedBlock(extra.ok).concat(
        block(validators, {
          'content-type': entry.contentType,
          ...(chosen.encoding ? { 'content-encoding': chosen.encoding } : {}),
          'content-length': chosen.size,
        }),
      );
    }
    const route: Route = { entry, pageCsp, blocks, notModified: sharedBlock(extra.notModified).concat(block(validators)) };
    this.routes.set(urlPath, route);
    return route;
  }

  /** The bytes when they are in memory (filled in at load, or read before and unchanged since). */
  private bodyInMemory(representation: Representation): Buffer | undefined {
    if (representation.body) return representation.body;
    const hit = this.bodies.get(representation.file);
    return hit?.stamp === representation.stamp ? hit.body : undefined;
  }

  /** The bytes, from memory when known; else read asynchronously and kept (up to BODY_CACHE_BYTES in all). */
  private read(representation: Representation): Buffer | Promise<Buffer> {
    return (
      this.bodyInMemory(representation) ??
      new Promise((resolve, reject) =>
        readExpected(representation.file, representation.size, (error, body) => (error ? reject(error) : resolve(this.keep(representation, body!)))),
      )
    );
  }

  /** Keeps the bytes just read of a representation (the least recently sent are dropped beyond BODY_CACHE_BYTES). */
  private keep(representation: Representation, body: Buffer): Buffer {
    this.bodies.set(representation.file, { stamp: representation.stamp, body });
    return body;
  }

  /** The path's header blocks and the representation the client accepts best. */
  private answerOf(req: http.IncomingMessage, urlPath: string, entry: FileEntry, pageCsp: string | undefined): { route: Route; chosen: Representation } {
    const route = this.routeFor(urlPath, entry, pageCsp);
    let chosen = entry.plain;
    if (entry.compressible) {
      for (const encoding of acceptedOf(req.headers['accept-encoding'])) {
        const variant = entry[encoding];
        if (variant) {
          chosen = variant;
          break;
        }
      }
    }
    return { route, chosen };
  }

  /** The 304, or the headers alone for a HEAD (true); false when the body is to be sent. */
  private sendWithoutBody(req: http.IncomingMessage, res: http.ServerResponse, entry: FileEntry, route: Route, chosen: Representation): boolean {
    if (isNotModified(req, entry.etag, entry.mtimeSeconds)) {
      writeWhole(res, 304, route.notModified);
      res.end();
      return true;
    }
    if (req.method !== 'HEAD') return false;
    writeWhole(res, 200, route.blocks[chosen.encoding ?? 'plain']!);
    res.end();
    return true;
  }

  /**
   * send() at once, when all it needs is in memory: the file's entry (its stats unchanged), and
   * the bytes of the representation chosen, or no body (304, HEAD). False, with nothing
   * written, otherwise: send() reads what is missing. The server tries this first, so a page
   * it has sent before costs no promise and no turn of the event loop.
   */
  sendFromMemory(req: http.IncomingMessage, res: http.ServerResponse, urlPath: string, found: FileToSend, pageCsp?: string): boolean {
    const entry = this.knownEntry(found.file, found.stats);
    if (!entry) return false;
    const { route, chosen } = this.answerOf(req, urlPath, entry, pageCsp);
    if (chosen.size > BODY_CACHE_FILE_BYTES) return false;
    if (this.sendWithoutBody(req, res, entry, route, chosen)) return true;
    const body = this.bodyInMemory(chosen);
    if (!body) return false;
    const headers = route.blocks[chosen.encoding ?? 'plain']!;
    // Bytes read from a file replaced since its stat are still sent whole and right.
    writeWhole(res, 200, body.byteLength === chosen.size ? headers : withLength(headers, body.byteLength));
    res.end(body);
    return true;
  }

  /**
   * Answers a stored page (the page store knows its stats and its variants': nothing is
   * stat'ed) without a promise or a second look at the request: from memory when its bytes are
   * there, else once they are read (readExpected: open and one read on libuv's thread pool), in
   * that callback. A page asked for the first time (a crawler's every request) so costs its
   * entry, its header blocks and the read, where the way through send() added the server's
   * async path, a promise per step and the same questions asked twice (docs/decisions/075).
   * False, with nothing written, for a file over the body cache's size (send() streams it).
   * When the read fails, nothing is written and `failed` is called with the error: ENOENT (the
   * file was removed since the store listed it: a publish took the page away) is the caller's
   * to answer as for a page not stored.
   */
  sendStored(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    urlPath: string,
    found: FileToSend,
    pageCsp: string | undefined,
    failed: (error: NodeJS.ErrnoException) => void,
  ): boolean {
    if (this.sendFromMemory(req, res, urlPath, found, pageCsp)) return true;
    const entry = this.knownEntry(found.file, found.stats) ?? this.entryFor(found.file, found.stats, found.variants);
    if (entry instanceof Promise) return false;
    const { route, chosen } = this.answerOf(req, urlPath, entry, pageCsp);
    if (chosen.size > BODY_CACHE_FILE_BYTES) return false;
    if (this.sendWithoutBody(req, res, entry, route, chosen)) return true;
    readExpected(chosen.file, chosen.size, (error, read) => {
      if (error) {
        if (error.code === 'ENOENT') this.forget(found.file, urlPath);
        failed(error);
        return;
      }
      const body = this.keep(chosen, read!);
      const headers = route.blocks[chosen.encoding ?? 'plain']!;
      writeWhole(res, 200, body.byteLength === chosen.size ? headers : withLength(headers, body.byteLength));
      res.end(body);
    });
    return true;
  }

  /** Forgets what was learnt of a file that went away. */
  private forget(file: string, urlPath: string): void {
    this.entries.delete(file);
    this.resolved.delete(urlPath);
    this.routes.delete(urlPath);
  }

  /**
   * Answers a GET or HEAD for a file found by lookup() (or a stored page, whose stats the page
   * store knows): the best variant the client accepts, or 304, with every header written at
   * once from the path's header blocks (the server's security headers included, by
   * `extraHeaders`; `pageCsp`: the page's own policy, for a stored page). False, with nothing
   * written, when the file went away since its lookup (removed by a publish): the caller
   * answers as for a missing file.
   */
  async send(req: http.IncomingMessage, res: http.ServerResponse, urlPath: string, found: FileToSend, pageCsp?: string): Promise<boolean> {
    if (this.sendFromMemory(req, res, urlPath, found, pageCsp)) return true;
    const known = this.knownEntry(found.file, found.stats) ?? this.entryFor(found.file, found.stats, found.variants);
    const entry = known instanceof Promise ? await known : known;
    const { route, chosen } = this.answerOf(req, urlPath, entry, pageCsp);
    if (this.sendWithoutBody(req, res, entry, route, chosen)) return true;
    const headers = route.blocks[chosen.encoding ?? 'plain']!;
    try {
      if (chosen.size <= BODY_CACHE_FILE_BYTES) {
        const pending = this.read(chosen);
        const body = pending instanceof Buffer ? pending : await pending;
        // A file replaced since its stat is still sent whole and right.
        writeWhole(res, 200, body.byteLength === chosen.size ? headers : withLength(headers, body.byteLength));
        res.end(body);
        return true;
      }
      const handle = await fs.promises.open(chosen.file, 'r');
      const { size } = await handle.stat();
      writeWhole(res, 200, size === chosen.size ? headers : withLength(headers, size));
      handle
        .createReadStream()
        .on('error', (error) => {
          console.error('[serve] reading a static file failed:', error);
          res.destroy();
        })
        .pipe(res);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.forget(found.file, urlPath);
      return false;
    }
  }
}

/**
 * A file's bytes, read asynchronously in two round trips through libuv's thread pool: open,
 * then one read of the size its stats gave plus one byte (to see that it did not grow). The
 * close of a file only read never waits on the disk: it is done at once rather than as a third
 * round trip. fs.promises.readFile takes five (open, fstat, read, a read to find the end,
 * close) through a FileHandle: 52 µs of CPU a stored page against 37 with three round trips
 * (docs/decisions/074). A callback, not a promise: the cold page path answers in it
 * (StaticFiles.sendStored). A file whose size is not the one expected is read again whole.
 */
function readExpected(file: string, size: number, done: (error: NodeJS.ErrnoException | null, body?: Buffer) => void): void {
  fs.open(file, 'r', (openError, fd) => {
    if (openError) {
      done(openError);
      return;
    }
    // Not from Buffer's shared pool: the body cache keeps these bytes, and a pooled slice would keep its whole slab.
    const buffer = Buffer.allocUnsafeSlow(size + 1);
    fs.read(fd, buffer, 0, size + 1, 0, (readError, bytesRead) => {
      try {
        fs.closeSync(fd);
      } catch (error) {
        // The bytes are read: a failed close loses nothing of the answer.
        console.error('[serve] closing a static file failed:', error);
      }
      if (readError) done(readError);
      else if (bytesRead === size) done(null, buffer.subarray(0, size));
      else fs.readFile(file, done);
    });
  });
}

/** A header block with another Content-Length. */
function withLength(headers: HeaderBlock, length: number): HeaderBlock {
  const copy = [...headers];
  const at = copy.indexOf('content-length');
  copy[at + 1] = String(length);
  return copy;
}

/** Accept-Encoding headers seen, to what they accept (few distinct values in practice). */
const ACCEPTED = new LRUCache<string, Encoding[]>({ max: 100 });

function acceptedOf(header: string | undefined): Encoding[] {
  if (!header) return [];
  let known = ACCEPTED.get(header);
  if (!known) {
    known = acceptedEncodings(header);
    ACCEPTED.set(header, known);
  }
  return known;
}

/**
 * An answer kept whole in memory: its bytes compressed once with brotli and gzip (in the
 * background: plain until then), and a header block per encoding. The 404 pages (the build's, and each kind of page's for ids that do not
 * exist, scripts/lib/known-ids.ts) are these: a 404 costs what a stored page costs.
 */
export class MemoryAnswer {
  private readonly bodies: Partial<Record<'plain' | Encoding, { body: Buffer; headers: HeaderBlock }>> = {};

  /** `headers`: every header but the encoding's (content-encoding, content-length, vary). */
  constructor(
    readonly status: number,
    body: Buffer,
    headers: Readonly<Record<string, string>>,
  ) {
    const vary: Record<string, string> = hasVariants(body) ? { vary: 'Accept-Encoding' } : {};
    this.bodies.plain = { body, headers: block(headers, vary, { 'content-length': body.byteLength }) };
    // Sent plain until its variants are compressed, off the server's thread.
    compressVariants(body).then(
      (variants) => {
        for (const [encoding, bytes] of Object.entries(variants) as [Encoding, Buffer][]) {
          this.bodies[encoding] = { body: bytes, headers: block(headers, vary, { 'content-encoding': encoding, 'content-length': bytes.byteLength }) };
        }
      },
      (error: unknown) => console.error('[serve] compressing an answer kept in memory failed; it is sent plain:', error),
    );
  }

  send(req: http.IncomingMessage, res: http.ServerResponse): void {
    let chosen = this.bodies.plain!;
    for (const encoding of acceptedOf(req.headers['accept-encoding'])) {
      const variant = this.bodies[encoding];
      if (variant) {
        chosen = variant;
        break;
      }
    }
    writeWhole(res, this.status, chosen.headers);
    res.end(req.method === 'HEAD' ? undefined : chosen.body);
  }
}
