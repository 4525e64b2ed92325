/**
 * Keeps the catalogue pages of the embedded server current (docs/decisions/015, 061 and 064).
 *
 * A content change (functions/rebuilds/rebuilds.service.ts) names the pages it touches in its
 * 'pages.changed' event; the reaction 'pages.refresh' (functions/rebuilds/page-refresh.job.ts)
 * hands them to refresh(), which renders exactly those through the site's own on-demand routes
 * (a request to this server that bypasses the page store) and writes each into the PageStore,
 * atomically. So a publish costs a handful of page renders whatever the catalogue's size, and
 * the same routes render the pages for `npm start` and for Vercel.
 *
 * - Pages change when their content changes, never because someone read them: serving a
 *   stored page queues nothing, whatever its age.
 * - Rendered on demand (docs/decisions/064): start() renders only the landing page, the
 *   marketplace and the directory; any other catalogue page is rendered the first time it is
 *   asked for (pageFor(): one render per path however many ask at once), stored, and served
 *   from the store from then on. A new build or origin, or content changed while the server
 *   was down, forgets the stored set (its pages point at old hashed assets or show old
 *   content), and pages are rendered on demand again.
 * - Read your writes: the pages a change touches stop being served from the store before the
 *   change's API call answers (invalidate(), the commit hook of 'pages.changed' the start
 *   script starts the worker with: the `outdated` versions), so until each is written again
 *   it is rendered fresh; an editor who saves and opens the page sees the edit. The sitemap is
 *   left out: it lists every product, and a second of an old one is harmless.
 * - A product that is unpublished, archived or deleted is hidden at once: its page leaves the
 *   store before the change's API call answers, and a render of it still in flight is not
 *   written (the `hidden` set, current on every change).
 * - Figures that change without a content change (views, downloads, a creator's followers and
 *   seller rating, a tool's followers) are stamped in the database (figures_changed_at); the
 *   periodic job 'pages.figures' calls refreshFigures(), which renders again the stored pages
 *   that show a figure changed since they were rendered, at most FIGURES_PAGES_PER_PASS a pass.
 * - Renders of one path never overlap: a render waits for the one in flight, so the last
 *   written is the newest.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Db } from '@/db/database';
import { AI_TOOL_IDS, TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';
import { isSitemapPath, productPath } from '@/functions/rebuilds/affected-pages';
import { listPublicToolIds } from '@/functions/tools/tools.service';
import { SITEMAP_INDEX_PATH, sitemapFiles } from '@/src/shared/sitemap';
import { listFigureChanges, readContentMark } from '@/functions/rebuilds/rebuilds.repository';
import { FIGURES_PAGES_PER_PASS, FIGURES_READ_LIMIT, nextFiguresSince, pagesShowingFigures } from '@/functions/rebuilds/figures';
import { HIDING_REASONS, type PageChange } from '@/functions/rebuilds/rebuilds.service';
import type { CommitHooks } from '@/functions/jobs';
import type { PageStore, StoredPage } from './page-store';

/** Sent by the publisher's own render requests, so the server renders instead of serving the stored page. */
export const RENDER_HEADER = 'x-toolmint-render';

/** What start() renders, the landing page first: the pages nearly every visit begins with. The rest is rendered on demand. */
export const START_PATHS = ['/', '/marketplace', '/ai-tools'] as const;

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

/** fixedCataloguePaths() as a set, made once: isCataloguePath runs for every GET the fast path answers. */
let fixedPathSet: ReadonlySet<string> | undefined;

/**
 * Whether a path is one the store keeps (so only those are looked up or written). Asked for
 * every GET that is not a stored page (a build file, an unknown path): a set lookup (0.1 µs),
 * not the list of 41 paths built anew (5 µs at a load of 8, docs/decisions/071).
 */
export function isCataloguePath(pathname: string): boolean {
  return PRODUCT_PAGE.test(pathname) || TOOL_PAGE.test(pathname) || (fixedPathSet ??= new Set(fixedCataloguePaths())).has(pathname);
}

export type RenderOutcome = 'written' | 'removed' | 'failed';

export class PagePublisher {
  /** Products hidden since their page was last written: never written again until they are published. */
  readonly hidden = new Set<string>();
  private readonly token = randomBytes(32).toString('hex');
  private origin = '';
  private readonly queued = new Set<string>();
  /** The render of each path under way (renders of one path run one after the other). */
  private readonly inflight = new Map<string, Promise<RenderOutcome>>();
  /**
   * The last render of each path in `inflight`: whether it has begun, and the change (the
   * `outdated` version) it began after. A render that has not begun, or began after the path's
   * last change, shows every change so far (renderShowingChanges).
   */
  private readonly latestRender = new Map<string, { begun: boolean; version: number | undefined; queuedInLane: boolean }>();
  /** Renders done since the start (tests and benchmarks: serving renders nothing). */
  renders = 0;
  /**
   * The background lane (refresh): renders waiting for their turn, and whether one is under way.
   * One at a time; the pages visitors see before the sitemap's files, whichever change queued
   * them first, and in the order queued otherwise.
   */
  private readonly laneQueue: { sitemap: boolean; begin: () => void }[] = [];
  private laneBusy = false;
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
    private readonly options: { concurrency?: number; figuresPerPass?: number } = {},
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

  /**
   * The stored page for a request path, unless it is hidden or outdated: from memory, with what
   * sending it needs (no disk access). Queues nothing, whatever the page's age.
   */
  lookup(pathname: string): StoredPage | undefined {
    if (!this.fixed.has(pathname) && !PRODUCT_PAGE.test(pathname) && !TOOL_PAGE.test(pathname)) return undefined;
    const page = this.store.get(pathname);
    if (!page) return undefined;
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    if (productId && this.hidden.has(productId)) return undefined;
    if (this.outdated.has(pathname)) return undefined;
    return page;
  }

  /**
   * The stored page for a request path, rendered first when the store does not hold it (a
   * catalogue page asked for the first time, or changed a moment ago): one render however many
   * requests ask at once, which all wait for it. Undefined when the path is no catalogue page,
   * a hidden product's, or its render stored nothing (a 404, a failure): its route answers it.
   */
  async pageFor(pathname: string): Promise<StoredPage | undefined> {
    const stored = this.lookup(pathname);
    if (stored || !this.origin || !isCataloguePath(pathname)) return stored;
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    if (productId && this.hidden.has(productId)) return undefined;
    // A render waiting for its turn in the background lane (refresh) is not waited for: the
    // route renders this request's page (fresh, not stored) and the lane stores it in its turn.
    if (this.latestRender.get(pathname)?.queuedInLane) return undefined;
    await (this.inflight.get(pathname) ?? this.render(pathname, { bulk: true }));
    return this.lookup(pathname);
  }

  /** Renders queued or under way (0 once idle). */
  get pending(): number {
    return this.queued.size + this.inflight.size;
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
   * The reaction to a change (pages.refresh): renders its paths and rejects when one could not
   * be rendered, so the job is retried (its route keeps answering it fresh meanwhile).
   * Rendering a path twice stores the same page. Several changes are refreshed at once (the
   * job's concurrency), and a render that shows every change so far serves them all
   * (renderShowingChanges):
   * - the product's own page first, at once: it is the page its editor opens, and until it is
   *   stored every request for it waits for its render;
   * - then the pages that list it (the landing page, the marketplace, its tool's pages, the
   *   sitemap's files), in the background lane: one lane render at a time for every change, so a
   *   request meanwhile waits for at most one of their statements on the database (PGlite runs
   *   one statement at a time, in the order asked); the sitemap's files (they list every
   *   product) after every page visitors see that is waiting, whichever change it is for; and a
   *   page several changes touch in a row is rendered once for all of those whose render has
   *   not begun.
   */
  async refresh(paths: readonly string[]): Promise<void> {
    await this.attached.promise;
    const catalogue = [...new Set(paths)].filter((p) => isCataloguePath(p));
    const own = catalogue.filter((p) => PRODUCT_PAGE.test(p));
    const rest = catalogue.filter((p) => !own.includes(p)).sort((a, b) => Number(isSitemapPath(a)) - Number(isSitemapPath(b)));
    // Which paths this change left outdated, now: by the time a lane page's turn comes (after the
    // product's own render), another change's reaction may have rendered it since.
    const outdatedAtStart = new Set(catalogue.filter((p) => this.outdated.has(p)));
    const outcomes = await Promise.all(own.map((p) => this.renderShowingChanges(p, { outdatedAtStart })));
    outcomes.push(...(await Promise.all(rest.map((p) => this.renderShowingChanges(p, { lane: true, outdatedAtStart })))));
    const failed = [...own, ...rest].filter((_, i) => outcomes[i] === 'failed');
    if (failed.length) throw new Error(`not rendered: ${failed.join(', ')}`);
    // The store is current but for changes whose jobs have not run yet, which pg-boss keeps
    // across a restart: a restart need not render it all again.
    if (!this.fullRenderRunning) this.store.markContent(await this.contentMark());
  }

  /** Queues paths for a render in the background (start()'s pages, benchmarks). */
  enqueue(paths: readonly string[]): void {
    for (const p of paths) this.queued.add(p);
    this.kick();
  }

  /** Resolves when every queued render is done (benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.draining || this.inflight.size) await (this.draining ?? Promise.allSettled(this.inflight.values()));
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

  /**
   * Renders one page through its route and stores (200) or removes (404) it, after the render
   * of the same path under way, if any: the page written last is the newest.
   */
  render(pathname: string, options: { bulk?: boolean; after?: Promise<unknown> } = {}): Promise<RenderOutcome> {
    if (!this.origin) throw new Error('the page publisher is not attached to a server');
    const before = this.inflight.get(pathname);
    const state = { begun: false, version: undefined as number | undefined, queuedInLane: options.after !== undefined };
    // After the path's render under way (whatever its outcome: a failed one leaves the path
    // outdated, and this one renders it) and, in the lane, once it is this render's turn.
    const rendered = Promise.all([before?.catch(() => undefined), options.after]).then(() => {
      // A change arriving while this render runs keeps the path outdated (its own render is
      // queued), and so does a failed render: the page keeps being rendered fresh.
      state.begun = true;
      state.queuedInLane = false;
      state.version = this.outdated.get(pathname);
      return this.renderNow(pathname, { bulk: options.bulk }, state.version);
    });
    this.inflight.set(pathname, rendered);
    this.latestRender.set(pathname, state);
    const done = () => {
      if (this.inflight.get(pathname) !== rendered) return;
      this.inflight.delete(pathname);
      this.latestRender.delete(pathname);
    };
    rendered.then(done, done);
    return rendered;
  }

  /**
   * A render of the path that shows every change recorded so far: the one under way or queued
   * when it began after the path's last change (or has not begun: it reads the database when it
   * does), else a new one. So a page its editor asked for right after the change (pageFor) is
   * not rendered a second time by the change's reaction. None at all when the path was
   * outdated as the reaction began (`outdatedAtStart`) and no longer is: a render that began
   * after its last change has stored it since (another change's reaction, or a request), which
   * under load could finish before this reaction's turn came.
   */
  private renderShowingChanges(pathname: string, options: { lane?: boolean; outdatedAtStart: ReadonlySet<string> }): Promise<RenderOutcome> {
    const inflight = this.inflight.get(pathname);
    const state = this.latestRender.get(pathname);
    const version = this.outdated.get(pathname);
    if (!inflight && version === undefined && options.outdatedAtStart.has(pathname)) return Promise.resolve('written');
    if (inflight && state && (!state.begun || (version !== undefined && state.version === version))) return inflight;
    if (!options.lane) return this.render(pathname);
    const turn = new Promise<void>((begin) => this.laneQueue.push({ sitemap: isSitemapPath(pathname), begin }));
    const rendered = this.render(pathname, { after: turn });
    const ended = () => {
      this.laneBusy = false;
      this.nextInLane();
    };
    rendered.then(ended, ended);
    this.nextInLane();
    return rendered;
  }

  /** Gives the lane's turn to the next render waiting for it (a page before a sitemap file), when none is under way. */
  private nextInLane(): void {
    if (this.laneBusy || !this.laneQueue.length) return;
    const page = this.laneQueue.findIndex((entry) => !entry.sitemap);
    const [next] = this.laneQueue.splice(page === -1 ? 0 : page, 1);
    this.laneBusy = true;
    next!.begin();
  }

  private async renderNow(pathname: string, options: { bulk?: boolean }, version: number | undefined): Promise<RenderOutcome> {
    const outcome = await this.renderOnce(pathname, options);
    if (outcome !== 'failed' && this.outdated.get(pathname) === version) this.outdated.delete(pathname);
    return outcome;
  }

  private async renderOnce(pathname: string, options: { bulk?: boolean }): Promise<RenderOutcome> {
    // The figures the page shows are those of this moment or later (the figures pass compares it).
    const startedAt = Date.now();
    this.renders++;
    try {
      const response = await fetch(this.origin + pathname, { headers: { [RENDER_HEADER]: this.token, 'accept-encoding': 'identity' }, redirect: 'manual' });
      const body = Buffer.from(await response.arrayBuffer());
      const productId = PRODUCT_PAGE.exec(pathname)?.[1];
      const shown = () => !(productId && this.hidden.has(productId));
      if (response.status === 200 && shown()) {
        // Hidden while its page was compressed: not written, and removed below.
        const csp = response.headers.get('content-security-policy') ?? '';
        if (await this.store.write(pathname, body, csp, { ...options, renderedAt: startedAt, keep: shown })) return 'written';
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
   * (refreshFigures renders those). Indexed reads, no export and no hashing.
   */
  async contentMark(): Promise<string> {
    return readContentMark(this.db);
  }

  /**
   * At start, after the server listens: keeps the stored set when it is current for this
   * build, origin and content; else forgets it (its files are removed in the background) and
   * renders START_PATHS, the rest being rendered on demand. Changes whose reactions had not run
   * (a crash) are rendered by those, which pg-boss kept. Returns what it did.
   * A new build's set is forgotten whatever the content, so its pages are rendered before the
   * content mark is read (a count over the published products: 0.1-0.9 s at 100k on PGlite,
   * which the landing page waited for, docs/decisions/068): a change committed meanwhile is
   * rendered by its own reaction, as any change while the server runs.
   */
  async start(build: string): Promise<{ reset: boolean; pages: number; ms: number }> {
    const started = Date.now();
    // Another build's pages point at its hashed assets: forgotten before anything else is awaited.
    const newBuild = this.store.build !== build;
    let reset = newBuild;
    if (newBuild) {
      this.forget(build, '', started);
    } else {
      const mark = await this.contentMark();
      reset = !this.store.isCurrent(build, mark);
      if (reset) this.forget(build, mark, started);
    }
    const missing = START_PATHS.filter((p) => !this.store.has(p));
    // The landing page alone first: a first visit waits for it, and renders share the one
    // database connection. Compressed at the bulk level, as pages rendered on demand are: at
    // brotli's 10 each took 30-80 ms of the thread that answers the first requests
    // (docs/decisions/068); their next change writes them at the usual level.
    await this.renderMany(missing.slice(0, 1), { bulk: true });
    await this.renderMany(missing.slice(1), { bulk: true });
    if (newBuild) this.store.markContent(await this.contentMark());
    this.store.persist();
    return { reset, pages: missing.length, ms: Date.now() - started };
  }

  private forget(build: string, mark: string, now: number): void {
    void this.store.reset(build, mark);
    this.store.figures = { since: new Date(now).toISOString(), pending: [] };
  }

  /**
   * The periodic figures pass ('pages.figures', docs/decisions/064): reads the figure changes
   * since the last pass (views, downloads, a creator's followers or seller rating, a tool's
   * followers), adds to the pending set each stored page that shows one and was rendered
   * before it (a product's page, the landing page and the marketplace, its tool's pages, the
   * directory for a tool's followers), and renders at most figuresPerPass of them, oldest
   * change first. Pages not stored are skipped: they are rendered fresh when asked for. The
   * rest waits for the next pass; both the position and the pending pages are kept in the
   * manifest across restarts. Returns what it rendered and what is left.
   */
  async refreshFigures(): Promise<{ rendered: number; left: number }> {
    await this.attached.promise;
    const state = this.store.figures;
    const pending = new Map(state.pending);
    const since = new Date(state.since ? Date.parse(state.since) : Date.now());
    const read = await listFigureChanges(this.db, since, FIGURES_READ_LIMIT);
    const add = (pagePath: string, at: number) => {
      const renderedAt = this.store.renderedAt(pagePath);
      if (renderedAt === undefined || renderedAt >= at) return;
      pending.set(pagePath, Math.min(pending.get(pagePath) ?? at, at));
    };
    // A change read again (the pass's overlap) finds its pages rendered since: renderedAt says so.
    for (const change of read.changes) for (const p of pagesShowingFigures(change)) add(p, change.at.getTime());
    const next = nextFiguresSince(since, read).getTime();
    const due = [...pending].sort((a, b) => a[1] - b[1]).slice(0, this.options.figuresPerPass ?? FIGURES_PAGES_PER_PASS);
    const outcomes = await this.renderMany(due.map(([p]) => p));
    due.forEach(([p], i) => {
      // Written or removed: done. A failure stays pending for the next pass.
      if (outcomes[i] !== 'failed') pending.delete(p);
    });
    // A page rendered since its change (by an event, or on demand) needs no render.
    for (const [p, at] of pending) if ((this.store.renderedAt(p) ?? Infinity) >= at) pending.delete(p);
    this.store.figures = { since: new Date(next).toISOString(), pending: [...pending] };
    return { rendered: outcomes.filter((o) => o === 'written').length, left: pending.size };
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
    void this.store.reset(build, '');
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
