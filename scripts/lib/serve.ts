/**
 * Serves a built site in this process, which already owns the database (embedded PGlite
 * is single-process). The Astro node adapter's handler is loaded with autostart disabled
 * and mounted on our own HTTP server, which adds two things the static output cannot do:
 * - swap(): switch atomically to a freshly rebuilt output, with no restart;
 * - the body limit (functions/_shared/body-limit.ts, docs/decisions/010): a declared body over
 *   the path's limit is answered 413 before Astro sees the request, and a body sent without
 *   Content-Length is counted as it arrives and cut off at the limit (the socket is closed, so
 *   the rest is never read); under the limit it is handed to Astro already read;
 * - the files of the build (prebuilt pages, /_astro assets, public files) from our own fast
 *   path, scripts/lib/static-serve.ts: the brotli or gzip variant precompressed at build time,
 *   ETag and 304, immutable caching of /_astro (docs/decisions/017);
 * - compression (brotli or gzip, at a cheap level) of the other text responses, on-demand
 *   pages and the API, which a CDN does on Vercel;
 * - the security headers of functions/_shared/security-headers.ts on every answer, static
 *   files and on-demand ones alike: each prebuilt page with its own Content-Security-Policy
 *   (written at build time by scripts/lib/page-headers.ts), on-demand pages with the one Astro
 *   renders, everything else with the no-page policy (docs/decisions/009);
 * - the catalogue pages (/, /marketplace, /ai-tools, /tools/..., /product/{id}, the sitemap)
 *   from the page store that scripts/lib/page-publisher.ts keeps current (docs/decisions/015),
 *   through the same fast path; a page it does not hold (not rendered yet, or a product
 *   hidden a moment ago) goes to its on-demand route, which renders it from the database, so
 *   an unpublished product is 'Product not found' at once with no query per request;
 * - a path with bad percent-encoding (`/product/%ZZ`) is the 404 page with status 404, or
 *   for /api/ the 400 error shape, where the node adapter would answer a bare 400; a path
 *   with an over-long segment or a control character (scripts/lib/request-path.ts) is the
 *   404 page too, or on /api/ 414 URI_TOO_LONG and 404 NOT_FOUND, before the disk or Astro
 *   sees it (issue 29: statSync threw ENAMETOOLONG, Astro.rewrite threw on a newline).
 */
import { randomBytes } from 'node:crypto';
import compression from 'compression';
import fs from 'node:fs';
import http from 'node:http';
import onHeaders from 'on-headers';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { bodyLimitFor, declaredBodyTooLarge } from '@/functions/_shared/body-limit';
import { getEnv } from '@/env';
import { errorResponse } from '@/functions/_shared/http';
import { pageMethodRefusal } from '@/functions/_shared/methods';
import { NON_PAGE_CSP, isHttpsSite, securityHeaders } from '@/functions/_shared/security-headers';
import { pageKey, readPageCsp, readRoutePatterns, type PageCsp } from './page-headers';
import { RENDER_HEADER, isCataloguePath, type PagePublisher } from './page-publisher';
import { MemoryAnswer, StaticFiles, hasWholeHeaders, type ExtraHeaders, type StaticLookup } from './static-serve';
import { MISSING_PAGE_PROBES, type KnownIds, type MissingPageKind } from './known-ids';
import { pathProblem, type PathProblem } from './request-path';
import { readOriginFiles } from './astro-build';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function loadHandler(outDir: string): Promise<NodeHandler> {
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entry = pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

/**
 * Loads the server bundle of a build (its modules: a few hundred ms) without serving it, so
 * `npm start` does it while its database opens on its own thread; swap() then finds the
 * modules loaded (an import of the same file is the same module). With it the middleware,
 * which Astro imports on the first request (src/middleware.ts and what it imports: 0.3-0.4 s
 * that the first answers waited for, docs/decisions/068), from the file Astro's build names
 * it; a build without that file loads it on the first request, as before.
 */
export async function preloadBuild(outDir: string): Promise<void> {
  await loadHandler(outDir);
  const middleware = path.join(outDir, 'server', 'virtual_astro_middleware.mjs');
  if (fs.existsSync(middleware)) await import(pathToFileURL(middleware).href);
}

/** Sent by the server's own requests for the 404 page of each kind of id, so the route renders them (learnMissingPages). */
const PROBE_HEADER = 'x-toolmint-probe';

/** Headers of a rendered answer that a copy kept in memory does not repeat (each send sets its own). */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'vary']);

const pathOf = (url: string | undefined) => {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query < 0 ? raw : raw.slice(0, query);
};

type FastOutcome = 'sent' | 'refused' | 'none';

/** answerAtOnce(): sent, or what handle() needs to go on (the build file it looked up, if it did). */
type AtOnce = 'sent' | { looked?: StaticLookup };

interface Build {
  outDir: string;
  files: StaticFiles;
  handler: NodeHandler;
  pageCsp: PageCsp;
  /** The build's 404 page, whole in memory (undefined: the build has none). */
  notFound: MemoryAnswer | undefined;
  /** The build's route patterns (undefined: not written; Astro decides every path). */
  routes: RegExp[] | undefined;
  /** Paths found to match no route (bounded): the 404 page without asking the patterns again. */
  unrouted: Set<string>;
  /** Each kind's 404 page for ids that do not exist, once learnt from its route (learnMissingPages). */
  missing: Partial<Record<MissingPageKind, MemoryAnswer>>;
}

export class SiteServer {
  private current: Build | undefined;
  readonly server: http.Server;
  private readonly https: boolean;
  /**
   * On-demand answers are compressed as they are rendered, once per request: brotli at
   * quality 2 and gzip at level 4 cost a fraction of the maximum for a few % more bytes (a
   * search answer of 17.7 KB: 3,451 bytes in 0.25 ms at quality 2, 3,240 in 0.66 ms at 4;
   * docs/decisions/066).
   */
  private readonly compress = compression({ threshold: 1024, level: 4, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } });

  private readonly pages: { publisher: PagePublisher; files: StaticFiles } | undefined;
  private readonly knownIds: KnownIds | undefined;
  private readonly probeToken = randomBytes(16).toString('hex');
  private learning: Promise<void> = Promise.resolve();
  private readonly learnAfter: Promise<unknown>;

  /**
   * `learnAfter`: the 404 pages of missing ids (learnMissingPages) are learnt once the server
   * listens and this has settled: `npm start` renders its first pages before (docs/decisions/068).
   */
  constructor(options: { https?: boolean; pages?: PagePublisher; knownIds?: KnownIds; learnAfter?: Promise<unknown> } = {}) {
    this.https = options.https ?? isHttpsSite(getEnv().SITE_URL);
    this.knownIds = options.knownIds;
    this.learnAfter = (options.learnAfter ?? Promise.resolve()).catch(() => {});
    this.pages = options.pages
      ? { publisher: options.pages, files: new StaticFiles(options.pages.store.dir, { extraHeaders: this.extraHeaders(() => ({})) }) }
      : undefined;
    this.server = http.createServer((req, res) => {
      // One build serves the whole request, even if a rebuild is swapped in meanwhile.
      const current = this.current;
      const failed = (error: unknown) => {
        console.error(`[serve] ${req.method} ${pathOf(req.url)} failed:`, error);
        if (!res.headersSent) {
          this.secure(req, res, current);
          res.writeHead(500, { 'content-type': 'text/plain' });
        }
        res.end('Internal server error');
      };
      let atOnce: AtOnce;
      try {
        atOnce = this.answerAtOnce(req, res, current, (error) => {
          // A stored page's file gone before its read (a publish removed it): answered as a page not stored.
          if (error.code === 'ENOENT') this.handle(req, res, current, {}).catch(failed);
          else failed(error);
        });
      } catch (error) {
        failed(error);
        return;
      }
      if (atOnce !== 'sent') this.handle(req, res, current, atOnce).catch(failed);
    });
    // Node closes an idle kept-alive connection after 5 s; a client that reuses it just then
    // gets ECONNRESET (Playwright's request context did, in e2e). A proxy in front may keep its
    // connections idle up to 60 s (AWS ALB's default): stay open longer than that, so the side
    // that sends the next request is never the one racing the close.
    this.server.keepAliveTimeout = 65_000;
  }

  get outDir(): string | undefined {
    return this.current?.outDir;
  }

  /** Switch to another build output; requests already running finish on the old one. */
  async swap(outDir: string): Promise<void> {
    const handler = await loadHandler(outDir);
    const pageCsp = readPageCsp(outDir);
    // Listed now: a path that names no file of this build costs no syscall (ClientListing).
    const files = new StaticFiles(path.join(outDir, 'client'), {
      listed: true,
      origin: getEnv().SITE_URL,
      originFiles: readOriginFiles(outDir),
      extraHeaders: this.extraHeaders(() => pageCsp),
    });
    const notFoundPage = files.contentOf('404.html');
    const notFound = notFoundPage
      ? new MemoryAnswer(404, notFoundPage, {
          ...securityHeaders('/404', { https: this.https }),
          'content-security-policy': pageCsp['/404'] ?? NON_PAGE_CSP,
          'content-type': 'text/html; charset=utf-8',
        })
      : undefined;
    this.current = { outDir, files, handler, pageCsp, notFound, routes: readRoutePatterns(outDir), unrouted: new Set(), missing: {} };
    if (this.server.listening) this.learning = this.learnMissingPages(this.current);
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.learning = this.learnAfter.then(() => (this.current ? this.learnMissingPages(this.current) : undefined));
        resolve();
      });
    });
  }

  /**
   * The security headers of a file's answers, decided once per path (StaticFiles builds its
   * header blocks with them): the shared set (Permissions-Policy on documents only), and the
   * page's own policy (a stored page's, else the build's prebuilt one), the no-page policy on
   * anything that is not HTML; a 304 carries the page's own policy or none, as the browser
   * merges its headers into the cached page's.
   */
  private extraHeaders(prebuilt: () => PageCsp): ExtraHeaders {
    // One answer per set of security headers and policy (a few in all), so the header blocks
    // built from them are made once too (static-serve.ts sharedBlock).
    const made = new Map<Readonly<Record<string, string>>, Map<string, ReturnType<ExtraHeaders>>>();
    return (urlPath, html, pageCsp) => {
      const shared = securityHeaders(urlPath, { https: this.https, document: html });
      const own = pageCsp || prebuilt()[pageKey(urlPath)];
      let forShared = made.get(shared);
      if (!forShared) made.set(shared, (forShared = new Map()));
      const key = `${html ? 'html' : 'other'} ${own ?? ''}`;
      let headers = forShared.get(key);
      if (!headers) {
        headers = {
          ok: { ...shared, 'content-security-policy': html && own ? own : NON_PAGE_CSP },
          notModified: own ? { ...shared, 'content-security-policy': own } : shared,
        };
        forShared.set(key, headers);
      }
      return headers;
    };
  }

  /**
   * Puts the security headers on an answer the fast path did not write whole (on-demand pages,
   * the API, errors), when its headers go out: by then its type and status are known.
   */
  private secure(req: http.IncomingMessage, res: http.ServerResponse, current: Build | undefined): void {
    if ((res as http.ServerResponse & { secured?: boolean }).secured) return;
    (res as http.ServerResponse & { secured?: boolean }).secured = true;
    onHeaders(res, () => {
      if (!hasWholeHeaders(res)) this.addSecurityHeaders(req, res, current?.pageCsp ?? {});
    });
  }

  /**
   * Every header of the shared set, and the one right Content-Security-Policy: the one Astro
   * rendered for an on-demand page, the 404 or 500 page's for those pages served in place of
   * another path, or the no-page policy.
   */
  private addSecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse, pageCsp: PageCsp): void {
    const pathname = pathOf(req.url);
    const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(securityHeaders(pathname, { https: this.https, document: html || res.statusCode === 304 }))) {
      res.setHeader(name, value);
    }
    const prebuilt = pageCsp[pageKey(pathname)];
    if (res.statusCode === 304) {
      // Not Modified has no body type, and the browser merges its headers into the cached
      // page's: send the page's own policy or none, never the no-page one.
      const own = prebuilt ?? res.getHeader('content-security-policy');
      if (own) res.setHeader('content-security-policy', own);
      else res.removeHeader('content-security-policy');
      return;
    }
    const errorPage = res.statusCode === 404 ? pageCsp['/404'] : res.statusCode >= 500 ? pageCsp['/500'] : undefined;
    const csp = !html ? NON_PAGE_CSP : res.statusCode < 400 && prebuilt ? prebuilt : (res.getHeader('content-security-policy') ?? errorPage ?? NON_PAGE_CSP);
    res.setHeader('content-security-policy', csp as string);
  }

  /**
   * Answers what needs no waiting, synchronously, before handle(): a GET or HEAD without a body
   * for an id that does not exist, a path no route matches, or a build file whose bytes are in
   * memory (every file sent before, until it changes); and takes a stored page, answered from
   * memory or once its file is read (StaticFiles.sendStored; `readFailed` when that read
   * fails). Most requests end here, with no promise; the rest go on to handle(), which asks
   * the same questions again and waits where it must (a first read of a build file, a render).
   */
  private answerAtOnce(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    current: Build | undefined,
    readFailed: (error: NodeJS.ErrnoException) => void,
  ): AtOnce {
    const bodilessRead =
      (req.method === 'GET' || req.method === 'HEAD') && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    if (!current || !bodilessRead) return {};
    const pathname = pathOf(req.url);
    if (pathProblem(pathname)) return {};
    if (this.serveMissing(req, res, pathname, current)) return 'sent';
    if (this.pages && this.servesStoredPage(req)) {
      const key = pageKey(pathname);
      const page = this.pages.publisher.lookup(key);
      if (page) return this.pages.files.sendStored(req, res, pathname, page, page.csp || undefined, readFailed) ? 'sent' : {};
      if (isCataloguePath(key)) return {}; // rendered first, by handle()
    }
    if (isOutsideBuild(pathname)) return {};
    const looked = current.files.lookup(pathname);
    if (looked.kind === 'file') return current.files.sendFromMemory(req, res, pathname, looked) ? 'sent' : { looked };
    if (looked.kind === 'none' && this.isUnrouted(pathname, current)) {
      current.notFound!.send(req, res);
      return 'sent';
    }
    return { looked };
  }

  /**
   * A GET or HEAD without a body for a stored page, an id that does not exist, or a file of the
   * build is answered at once, its headers written whole (the fast path); everything else is
   * secured, its body admitted, and handed to Astro. `looked`: the build file answerAtOnce()
   * found for the path (not stat'ed twice).
   */
  private async handle(req: http.IncomingMessage, res: http.ServerResponse, current: Build | undefined, { looked }: { looked?: StaticLookup }): Promise<void> {
    if (!current) throw new Error('no build loaded');
    const pathname = pathOf(req.url);
    const problem = pathProblem(pathname);
    const read = !problem && (req.method === 'GET' || req.method === 'HEAD');
    const bodiless = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    let fast: FastOutcome = 'none';
    if (read && bodiless && (fast = await this.serveFast(req, res, pathname, current, looked)) === 'sent') return;
    this.secure(req, res, current);
    if (problem) {
      this.sendNotFound(req, res, pathname, current, problem);
      return;
    }
    // A page answers GET and HEAD only: a prebuilt one is a file Astro's handler would send to any method.
    const refusal = read ? null : pageMethodRefusal(req.method ?? '', pathname);
    if (refusal) {
      this.sendResponse(res, refusal);
      return;
    }
    if (!(await admitBody(req, res))) return;
    if (read && !bodiless && (fast = await this.serveFast(req, res, pathname, current)) === 'sent') return;
    if (fast === 'refused') {
      this.sendNotFound(req, res, pathname, current, 'undecodable');
      return;
    }
    this.compressAnswer(req, res);
    current.handler(req, res);
  }

  /** 'refused': a path that may not reach the disk (answered 404 by the slow path, with its headers). */
  private async serveFast(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, current: Build, looked?: StaticLookup): Promise<FastOutcome> {
    // An id that does not exist first: the publisher would render its page to learn it is a 404.
    if (this.serveMissing(req, res, pathname, current)) return 'sent';
    if (await this.serveStoredPage(req, res, pathname)) return 'sent';
    const outcome = await this.serveStatic(req, res, pathname, current, looked);
    if (outcome !== 'none' || !this.isUnrouted(pathname, current)) return outcome;
    current.notFound!.send(req, res);
    return 'sent';
  }

  /**
   * A path no route of the build matches (and no file, no stored page): the 404 page, as
   * Astro would render it. Astro's own paths (/_image, /_server-islands, /_actions) and the
   * API are left to it.
   */
  private isUnrouted(pathname: string, current: Build): boolean {
    if (!current.routes || !current.notFound || pathname.startsWith('/_') || pathname.startsWith('/api/') || pathname.includes('%')) return false;
    if (current.unrouted.has(pathname)) return true;
    if (current.routes.some((route) => route.test(pathname))) return false;
    if (current.unrouted.size >= 10_000) current.unrouted.clear();
    current.unrouted.add(pathname);
    return true;
  }

  /**
   * An address naming an id that does not exist, or cannot (scripts/lib/known-ids.ts): that
   * kind's 404 page from memory, once learnt. Anything the index is not sure of goes on.
   */
  private serveMissing(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, current: Build): boolean {
    if (!this.knownIds || req.headers[PROBE_HEADER] === this.probeToken) return false;
    const verdict = this.knownIds.missing(pathname, req.headers.cookie === undefined);
    const answer = verdict && current.missing[verdict.kind];
    if (!answer) return false;
    answer.send(req, res);
    return true;
  }

  /** Resolves once the 404 pages of the current build's kinds of id are learnt (or left to their routes). */
  missingPagesLearnt(): Promise<void> {
    return this.learning;
  }

  /**
   * Learns each kind's 404 page from its route: two addresses of ids that do not exist,
   * rendered through the server (PROBE_HEADER lets them reach the route). A kind whose two
   * answers are not the same 404 bytes, with no cookie set, is left to its route.
   */
  private async learnMissingPages(build: Build): Promise<void> {
    if (!this.knownIds) return;
    const address = this.server.address();
    if (!address || typeof address === 'string') return;
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    const get = async (pathname: string) => {
      const response = await fetch(origin + pathname, { headers: { [PROBE_HEADER]: this.probeToken, 'accept-encoding': 'identity' }, redirect: 'manual' });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };
    for (const [kind, [first, second]] of Object.entries(MISSING_PAGE_PROBES) as [MissingPageKind, readonly [string, string]][]) {
      if (!this.server.listening) return; // closed meanwhile
      try {
        const [a, b] = [await get(first), await get(second)];
        if (a.response.status !== 404 || b.response.status !== 404 || !a.body.equals(b.body) || a.response.headers.has('set-cookie')) {
          console.warn(`[serve] the 404 page of an unknown ${kind} depends on the address: such addresses go to the route`);
          continue;
        }
        const headers: Record<string, string> = {};
        a.response.headers.forEach((value, name) => {
          if (!NOT_KEPT.has(name)) headers[name] = value;
        });
        build.missing[kind] = new MemoryAnswer(404, a.body, headers);
      } catch (error) {
        console.error(`[serve] the 404 page of an unknown ${kind} could not be learnt:`, (error as Error).message);
      }
    }
  }

  /**
   * A GET or HEAD for a file of the build is answered from disk (true), whole: a Range is
   * ignored (RFC 9110 lets a server do so; the build's files are pages, assets and small
   * images, and the adapter's own static handler, which served ranges, is not mounted: see
   * astro.config.mjs). The API and blobs are never files of the build.
   */
  private async serveStatic(req: http.IncomingMessage, res: http.ServerResponse, urlPath: string, current: Build, looked?: StaticLookup): Promise<FastOutcome> {
    if (isOutsideBuild(urlPath)) return 'none';
    const found = looked ?? current.files.lookup(urlPath);
    if (found.kind !== 'file') return found.kind === 'refused' ? 'refused' : 'none';
    return (await current.files.send(req, res, urlPath, found)) ? 'sent' : 'none';
  }

  /**
   * A GET or HEAD for a catalogue page is answered from the page store (true), with the policy
   * it was rendered with, and its files' stats from the store's manifest (no stat); a page the
   * store does not hold yet is rendered into it first, once however many ask (pageFor). The
   * publisher's own render requests skip it.
   */
  private async serveStoredPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
    if (!this.pages || !this.servesStoredPage(req)) return false;
    const page = await this.pages.publisher.pageFor(pageKey(pathname));
    if (!page) return false;
    return this.pages.files.send(req, res, pathname, page, page.csp || undefined);
  }

  /** Whether a stored page may answer this request: not a range, not the publisher's own render. */
  private servesStoredPage(req: http.IncomingMessage): boolean {
    return !req.headers.range && !this.pages?.publisher.isRenderRequest(req.headers[RENDER_HEADER]);
  }

  /** The 404 page for a path that names nothing, or on /api the error shape. */
  private sendNotFound(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, current: Build, problem: PathProblem): void {
    if (!pathname.startsWith('/api/') && current.notFound) {
      current.notFound.send(req, res);
      return;
    }
    this.compressAnswer(req, res);
    this.sendResponse(res, refusedPath(pathname, problem));
  }

  /** A fetch Response written out. */
  private sendResponse(res: http.ServerResponse, response: Response): void {
    // Loaded on the first such answer (Astro's node helpers are some 160 modules the start need not wait for).
    void import('astro/app/node').then(({ writeResponse }) => writeResponse(response, res)).catch((error: unknown) => res.destroy(error as Error));
  }

  /** Wraps the response in the compression middleware before anything is written to it. */
  private compressAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.compress(req as never, res as never, () => {});
  }
}

/** Paths that are never files of the build: the API and blobs. */
const isOutsideBuild = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/blobs/');

/** The answer to a path refused by pathProblem: on /api the error shape, elsewhere a plain 404 (a build without a 404 page). */
function refusedPath(pathname: string, problem: PathProblem): Response {
  if (!pathname.startsWith('/api/')) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return {
    undecodable: () => errorResponse('VALIDATION_FAILED', 'The address has invalid percent-encoding'),
    'too-long': () => errorResponse('URI_TOO_LONG'),
    'control-character': () => errorResponse('NOT_FOUND'),
  }[problem]();
}

/**
 * Applies the body limit of the request's path. False when the body was refused: the 413 is
 * sent with `connection: close` and the socket is destroyed once it is flushed, so a client
 * still sending gets no more of our memory or time. A body with Content-Length is checked
 * against it (Node's parser never reads past the declared length); a chunked one is read
 * here, at most up to the limit, and passed to Astro's handler as req.body.
 */
async function admitBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (declaredBodyTooLarge(pathname, req.headers['content-length'])) {
    await refuseBody(req, res);
    return false;
  }
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return true;
  const limit = bodyLimitFor(pathname);
  const body = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
  if (!body) {
    await refuseBody(req, res);
    return false;
  }
  (req as http.IncomingMessage & { body?: Buffer }).body = body;
  return true;
}

/**
 * The lingering close after a 413, as nginx's lingering_time / lingering_timeout: what is still
 * in flight is read and dropped until the client has been quiet for LINGER_IDLE_MS, for
 * LINGER_MS at most, and LINGER_BYTES at most (a bound on the CPU a client can make us spend;
 * nothing is kept in memory). A byte cap close to the limit was not enough: a fast client on a
 * loopback has megabytes in flight, and closing while they arrive makes the kernel send a reset
 * that can reach the client before it has read our answer (ECONNRESET instead of the 413).
 */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 2000;
const LINGER_IDLE_MS = 500;

/**
 * Answers 413 and closes the connection. Node would destroy the socket as soon as the answer
 * is written, and a client still sending then gets a reset that can swallow the answer. So
 * this closes as nginx does (lingering close): our side is half-closed after the answer and
 * what is still in flight is read and dropped (see LINGER_*), then the connection is
 * destroyed: the rest of a body that keeps coming is never read.
 */
async function refuseBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const response = errorResponse('PAYLOAD_TOO_LARGE');
  const payload = Buffer.from(await response.arrayBuffer());
  const socket = req.socket;
  socket.destroySoon = () => socket.end();
  res.once('finish', () => {
    let dropped = 0;
    const close = () => socket.destroy();
    const deadline = setTimeout(close, LINGER_MS);
    let idle = setTimeout(close, LINGER_IDLE_MS);
    deadline.unref();
    idle.unref();
    socket.once('close', () => {
      clearTimeout(deadline);
      clearTimeout(idle);
    });
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > LINGER_BYTES) {
        close();
        return;
      }
      clearTimeout(idle);
      idle = setTimeout(close, LINGER_IDLE_MS);
      idle.unref();
    });
    req.once('end', close);
    req.resume();
  });
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': payload.byteLength, connection: 'close' });
  res.end(payload);
}
