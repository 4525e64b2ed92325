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
import compression from 'compression';
import http from 'node:http';
import onHeaders from 'on-headers';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { writeResponse } from 'astro/app/node';
import { bodyLimitFor, declaredBodyTooLarge } from '@/functions/_shared/body-limit';
import { getEnv } from '@/env';
import { errorResponse } from '@/functions/_shared/http';
import { NON_PAGE_CSP, isHttpsSite, securityHeaders } from '@/functions/_shared/security-headers';
import { pageKey, readPageCsp, type PageCsp } from './page-headers';
import { RENDER_HEADER, type PagePublisher } from './page-publisher';
import { StaticFiles } from './static-serve';
import { pathProblem, type PathProblem } from './request-path';
import { readOriginFiles } from './astro-build';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function loadHandler(outDir: string): Promise<NodeHandler> {
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entry = pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

export class SiteServer {
  private current: { outDir: string; files: StaticFiles; handler: NodeHandler; pageCsp: PageCsp } | undefined;
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

  constructor(options: { https?: boolean; pages?: PagePublisher } = {}) {
    this.https = options.https ?? isHttpsSite(getEnv().SITE_URL);
    this.pages = options.pages ? { publisher: options.pages, files: new StaticFiles(options.pages.store.dir) } : undefined;
    this.server = http.createServer((req, res) => {
      // One build serves the whole request, even if a rebuild is swapped in meanwhile.
      const current = this.current;
      // Decided when the headers go out: by then the answer's type and status are known.
      onHeaders(res, () => this.addSecurityHeaders(req, res, current?.pageCsp ?? {}));
      this.route(req, res, current).catch((error: unknown) => {
        console.error(`[serve] ${req.method} ${(req.url ?? '/').split('?')[0]} failed:`, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal server error');
      });
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
    const files = new StaticFiles(path.join(outDir, 'client'), { origin: getEnv().SITE_URL, originFiles: readOriginFiles(outDir) });
    this.current = { outDir, files, handler, pageCsp: readPageCsp(outDir) };
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
  }

  /**
   * Every header of the shared set, and the one right Content-Security-Policy: a prebuilt
   * page's own (its inline-script hashes), the one Astro rendered for an on-demand page, the
   * 404 or 500 page's for those pages served in place of another path, or the no-page policy.
   */
  private addSecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse, pageCsp: PageCsp): void {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    for (const [name, value] of Object.entries(securityHeaders(pathname, { https: this.https }))) res.setHeader(name, value);
    const prebuilt = pageCsp[pageKey(pathname)];
    if (res.statusCode === 304) {
      // Not Modified has no body type, and the browser merges its headers into the cached
      // page's: send the page's own policy or none, never the no-page one.
      // A stored catalogue page has set its own (serveStoredPage).
      const own = prebuilt ?? res.getHeader('content-security-policy');
      if (own) res.setHeader('content-security-policy', own);
      else res.removeHeader('content-security-policy');
      return;
    }
    const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
    const errorPage = res.statusCode === 404 ? pageCsp['/404'] : res.statusCode >= 500 ? pageCsp['/500'] : undefined;
    const csp = !html ? NON_PAGE_CSP : res.statusCode < 400 && prebuilt ? prebuilt : (res.getHeader('content-security-policy') ?? errorPage ?? NON_PAGE_CSP);
    res.setHeader('content-security-policy', csp as string);
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse, current: SiteServer['current']): Promise<void> {
    if (!current) throw new Error('no build loaded');
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const problem = pathProblem(pathname);
    if (problem) {
      this.compressAnswer(req, res);
      await writeResponse(refusedPath(pathname, problem, current.files), res);
      return;
    }
    if (!(await admitBody(req, res))) return;
    if (await this.serveStoredPage(req, res, pathname)) return;
    if (await this.serveStatic(req, res, current)) return;
    this.compressAnswer(req, res);
    current.handler(req, res);
  }

  /**
   * A GET or HEAD for a file of the build is answered from disk (true), whole: a Range is
   * ignored (RFC 9110 lets a server do so; the build's files are pages, assets and small
   * images, and the adapter's own static handler, which served ranges, is not mounted: see
   * astro.config.mjs). The API and blobs are never files of the build.
   */
  private async serveStatic(req: http.IncomingMessage, res: http.ServerResponse, current: NonNullable<SiteServer['current']>): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/blobs/')) return false;
    const found = current.files.lookup(urlPath);
    if (found.kind === 'none') return false;
    if (found.kind === 'file') return current.files.send(req, res, urlPath, found);
    this.compressAnswer(req, res);
    await writeResponse(
      notFound(urlPath, current.files, () => errorResponse('VALIDATION_FAILED', 'The address names no file')),
      res,
    );
    return true;
  }

  /**
   * A GET or HEAD for a catalogue page is answered from the page store (true), with the policy
   * it was rendered with, and its files' stats from the store's manifest (no stat); a page the
   * store does not hold yet is rendered into it first, once however many ask (pageFor). The
   * publisher's own render requests skip it.
   */
  private async serveStoredPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
    if (!this.pages || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    if (this.pages.publisher.isRenderRequest(req.headers[RENDER_HEADER])) return false;
    const page = await this.pages.publisher.pageFor(pageKey(pathname));
    if (!page) return false;
    if (page.csp) res.setHeader('content-security-policy', page.csp);
    if (this.pages.files.send(req, res, pathname, page)) return true;
    res.removeHeader('content-security-policy');
    return false;
  }

  /** Wraps the response in the compression middleware before anything is written to it. */
  private compressAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.compress(req as never, res as never, () => {});
  }
}

/** The answer to a path refused by pathProblem: on /api the error shape, elsewhere the 404 page. */
function refusedPath(pathname: string, problem: PathProblem, files: StaticFiles): Response {
  const api = {
    undecodable: () => errorResponse('VALIDATION_FAILED', 'The address has invalid percent-encoding'),
    'too-long': () => errorResponse('URI_TOO_LONG'),
    'control-character': () => errorResponse('NOT_FOUND'),
  }[problem];
  return notFound(pathname, files, api);
}

/**
 * A path that cannot be decoded, or may not reach the disk, names nothing: the 404 page, or
 * the API's error shape.
 */
function notFound(pathname: string, files: StaticFiles, apiAnswer: () => Response): Response {
  if (pathname.startsWith('/api/')) return apiAnswer();
  const notFoundPage = files.contentOf('404.html');
  if (!notFoundPage) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(notFoundPage), { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
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
