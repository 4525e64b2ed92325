/**
 * Keeps the catalogue pages of the embedded server current (docs/decisions/015 and 061).
 *
 * A content change (functions/rebuilds/rebuilds.service.ts) names the pages it touches in its
 * 'pages.changed' event; the reaction 'pages.refresh' (functions/rebuilds/page-refresh.job.ts)
 * hands them to refresh(), which renders exactly those through the site's own on-demand routes
 * (a request to this server that bypasses the page store) and writes each into the PageStore,
 * atomically. So a publish costs a handful of page renders whatever the catalogue's size, and
 * the same routes render the pages for `npm start`, for Vercel and for a full render.
 *
 * - Read your writes: the pages a change touches stop being served from the store before the
 *   change's API call answers (invalidate(), the commit hook of 'pages.changed' the start
 *   script starts the worker with: the `outdated` versions), so until each is written again
 *   its route renders it fresh; an editor who saves and opens the page sees the edit. The
 *   sitemap is left out: it lists every product, and a second of an old one is harmless.
 * - A product that is unpublished, archived or deleted is hidden at once: its page leaves the
 *   store before the change's API call answers, and a render of it still in flight is not
 *   written (the `hidden` set, current on every change).
 * - A full render (first start, new build, or content changed while the server was down)
 *   writes every page with bounded concurrency; until a page is written its route renders it
 *   on demand, so the server answers correctly throughout.
 * - Figures that change without a content change (views, downloads, ratings, followers) are
 *   refreshed when a stored page older than REFRESH_AFTER_MS is served: it is served as is and
 *   rendered again in the background, as ISR's stale-while-revalidate does on Vercel.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Db } from '@/db/database';
import { AI_TOOL_IDS, TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';
import { isSitemapPath, productPath } from '@/functions/rebuilds/affected-pages';
import { listPublicToolIds } from '@/functions/tools/tools.service';
import { SITEMAP_INDEX_PATH, sitemapFiles } from '@/src/shared/sitemap';
import { readContentMark } from '@/functions/rebuilds/rebuilds.repository';
import { HIDING_REASONS, type PageChange } from '@/functions/rebuilds/rebuilds.service';
import type { CommitHooks } from '@/functions/jobs';
import type { PageStore } from './page-store';

/** Sent by the publisher's own render requests, so the server renders instead of serving the stored page. */
export const RENDER_HEADER = 'x-toolmint-render';

/** A stored page older than this is rendered again when it is next served. */
const REFRESH_AFTER_MS = 5 * 60 * 1000;

const PRODUCT_PAGE = /^\/product\/([^/]+)$/;
/** A tool's detail or landing page: any tool of the directory (the rows say which exist, docs/decisions/038). */
const TOOL_PAGE = /^\/tools\/[a-z0-9-]{1,60}(?:\/landing)?$/;

/** The catalogue pages that are not one product's: the landing, marketplace, directory, tool pages and sitemap. */
export function fixedCataloguePaths(): string[] {
  return [
    '/',
    '/marketplace',
    '/ai-tools',
    ...TOOL_DETAIL_IDS.map((id) => `/tools/${id}`),
    ...AI_TOOL_IDS.map((id) => `/tools/${id}/landing`),
    SITEMAP_INDEX_PATH,
    ...sitemapFiles(),
  ];
}

/** Whether a path is one the store keeps (so only those are looked up or written). */
export function isCataloguePath(pathname: string): boolean {
  return PRODUCT_PAGE.test(pathname) || TOOL_PAGE.test(pathname) || fixedCataloguePaths().includes(pathname);
}

export type RenderOutcome = 'written' | 'removed' | 'failed';

export class PagePublisher {
  /** Products hidden since their page was last written: never written again until they are published. */
  readonly hidden = new Set<string>();
  private readonly token = randomBytes(32).toString('hex');
  private origin = '';
  private readonly queued = new Set<string>();
  /** Paths changed since their stored page was rendered, with a version that moves on every change. */
  private readonly outdated = new Map<string, number>();
  private version = 0;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private readonly fixed = new Set(fixedCataloguePaths());
  private fullRenderRunning = false;
  /** Renders are requests to the server: a reaction that runs before it listens (pending since a crash) waits for it. */
  private readonly attached = Promise.withResolvers<void>();

  constructor(
    private readonly db: Db,
    readonly store: PageStore,
    private readonly options: { concurrency?: number } = {},
  ) {}

  /** Where the server listens: renders are requests to it. */
  attach(address: AddressInfo | string | null): void {
    if (!address || typeof address === 'string') throw new Error('the page publisher needs a TCP server address');
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    this.origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    this.attached.resolve();
  }

  /** What the worker of the process that serves the store is started with (startWorker's onCommit). */
  commitHooks(): CommitHooks {
    return { 'pages.changed': (change) => this.invalidate(change) };
  }

  /** True for the publisher's own render requests (a constant-time comparison of the token). */
  isRenderRequest(header: string | string[] | undefined): boolean {
    if (typeof header !== 'string' || header.length !== this.token.length) return false;
    return timingSafeEqual(Buffer.from(header), Buffer.from(this.token));
  }

  /** The stored page for a request path, unless it is hidden; a stale one is also queued for a render. */
  lookup(pathname: string): { file: string; csp: string } | undefined {
    if (!this.fixed.has(pathname) && !PRODUCT_PAGE.test(pathname) && !TOOL_PAGE.test(pathname)) return undefined;
    const page = this.store.get(pathname);
    if (!page) return undefined;
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    if (productId && this.hidden.has(productId)) return undefined;
    if (this.outdated.has(pathname)) return undefined;
    if (Date.now() - page.renderedAt > REFRESH_AFTER_MS) this.enqueue([pathname]);
    return page;
  }

  /** After the change committed, in the request that made it, before it answers: cheap and synchronous. */
  invalidate(change: PageChange): void {
    this.version++;
    for (const p of change.paths) if (!isSitemapPath(p)) this.outdated.set(p, this.version);
    if (change.productId) {
      if (HIDING_REASONS.has(change.reason)) {
        this.hidden.add(change.productId);
        this.store.remove(productPath(change.productId));
      } else {
        this.hidden.delete(change.productId);
      }
    }
  }

  /**
   * The reaction to a change (pages.refresh): renders its paths, the sitemap last, and rejects
   * when one could not be rendered, so the job is retried (its route keeps answering it fresh
   * meanwhile). Rendering a path twice stores the same page.
   */
  async refresh(paths: readonly string[]): Promise<void> {
    await this.attached.promise;
    // The sitemap lists every product: it goes last, after the pages visitors see.
    const ordered = [...new Set(paths)].filter((p) => isCataloguePath(p)).sort((a, b) => Number(isSitemapPath(a)) - Number(isSitemapPath(b)));
    const outcomes = await this.renderMany(ordered);
    const failed = ordered.filter((_, i) => outcomes[i] === 'failed');
    if (failed.length) throw new Error(`not rendered: ${failed.join(', ')}`);
    // The store is current but for changes whose jobs have not run yet, which pg-boss keeps
    // across a restart: a restart need not render it all again.
    if (!this.fullRenderRunning) this.store.markContent(await this.contentMark());
  }

  /** Queues paths for a render (stale pages). */
  enqueue(paths: readonly string[]): void {
    for (const p of paths) this.queued.add(p);
    this.kick();
  }

  /** Resolves when every queued render is done (benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Starts draining now, or once more after the drain under way. */
  private kick(): void {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.drainAgain) {
        this.drainAgain = false;
        this.kick();
      }
    });
  }

  private async drain(): Promise<void> {
    const paths = [...this.queued].filter((p) => isCataloguePath(p));
    this.queued.clear();
    await this.renderMany(paths);
  }

  /** Renders one page through its route and stores (200) or removes (404) it. */
  async render(pathname: string, options: { bulk?: boolean } = {}): Promise<RenderOutcome> {
    if (!this.origin) throw new Error('the page publisher is not attached to a server');
    // A change arriving while this render runs keeps the path outdated (its own render is
    // queued), and so does a failed render: the route keeps answering it fresh.
    const version = this.outdated.get(pathname);
    const outcome = await this.renderOnce(pathname, options);
    if (outcome !== 'failed' && this.outdated.get(pathname) === version) this.outdated.delete(pathname);
    return outcome;
  }

  private async renderOnce(pathname: string, options: { bulk?: boolean }): Promise<RenderOutcome> {
    try {
      const response = await fetch(this.origin + pathname, { headers: { [RENDER_HEADER]: this.token, 'accept-encoding': 'identity' }, redirect: 'manual' });
      const body = Buffer.from(await response.arrayBuffer());
      const productId = PRODUCT_PAGE.exec(pathname)?.[1];
      if (response.status === 200 && !(productId && this.hidden.has(productId))) {
        this.store.write(pathname, body, response.headers.get('content-security-policy') ?? '', options);
        return 'written';
      }
      if (response.status === 200 || response.status === 404) {
        this.store.remove(pathname);
        return 'removed';
      }
      console.error(`[pages] ${pathname} answered ${response.status}; the stored page is kept`);
      return 'failed';
    } catch (error) {
      console.error(`[pages] ${pathname} could not be rendered:`, (error as Error).message);
      return 'failed';
    }
  }

  private async renderMany(paths: readonly string[], options: { bulk?: boolean } = {}): Promise<RenderOutcome[]> {
    const outcomes: RenderOutcome[] = new Array(paths.length);
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const i = next++;
        outcomes[i] = await this.render(paths[i]!, options);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 4, paths.length) }, worker));
    return outcomes;
  }

  /**
   * What the stored set was rendered from, cheaply: the published count, the newest product,
   * the last recorded change and the newest tool update. A reset or reseeded database, an
   * import or a change made while the server was down all move it; figures alone do not
   * (they are refreshed by age). Indexed reads, no export and no hashing.
   */
  async contentMark(): Promise<string> {
    return readContentMark(this.db);
  }

  /**
   * Brings the store up to date at start: nothing when it is current for this build and
   * content, else every page. Changes whose reactions had not run (a crash) are rendered by
   * those, which pg-boss kept. Returns what it did.
   */
  async start(build: string): Promise<{ full: boolean; pages: number; ms: number }> {
    const started = Date.now();
    const mark = await this.contentMark();
    if (this.store.isCurrent(build, mark)) return { full: false, pages: 0, ms: Date.now() - started };
    const pages = await this.renderEverything(build, mark);
    return { full: true, pages, ms: Date.now() - started };
  }

  /** Renders every catalogue page and drops stored pages of products no longer published. */
  async renderEverything(build: string, mark: string): Promise<number> {
    this.fullRenderRunning = true;
    try {
      return await this.renderAll(build, mark);
    } finally {
      this.fullRenderRunning = false;
    }
  }

  private async renderAll(build: string, mark: string): Promise<number> {
    const before = new Set(this.store.paths());
    this.store.reset(build, '');
    const ids = await this.db.selectFrom('products').select('id').where('status', '=', 'published').orderBy('created_at', 'desc').execute();
    const tools = await listPublicToolIds(this.db);
    const toolPaths = tools.flatMap((t) => [...(t.hasDetailPage ? [`/tools/${t.id}`] : []), `/tools/${t.id}/landing`]);
    const paths = [...ids.map((r) => productPath(r.id)), ...new Set([...fixedCataloguePaths(), ...toolPaths])];
    await this.renderMany(paths, { bulk: true });
    const kept = new Set(paths);
    for (const old of before) if (!kept.has(old)) this.store.remove(old);
    // Changes made while this ran were rendered by their own reactions; the mark read before it started stays valid for them.
    this.store.markContent(mark);
    this.store.persist();
    return paths.length;
  }
}
