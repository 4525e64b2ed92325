/**
 * The catalogue pages the embedded server keeps as files (docs/decisions/015): each page
 * rendered by its own on-demand route is written here, with its Content-Security-Policy, and
 * served from here until it is written again or removed.
 *
 * Why a store of its own, outside the build's client folder: the pages are written one at a
 * time while the server runs, so the server must know, per path, whether a current file
 * exists and which policy it was rendered with; a path it does not hold simply goes to the
 * route, which renders it from the database. So nothing here can serve a wrong page: at worst
 * a page is rendered on demand.
 *
 * Files: <dir>/<path>.html (or the path itself for /sitemap.xml), each with .br and .gz
 * variants, written atomically (temp file + rename); the manifest (paths, policies, when each
 * was rendered, what the set was rendered from, and the stats of each page's files, so the
 * server sends a stored page without a stat: docs/decisions/064) in <dir>/manifest.json,
 * written at most every PERSIST_MS. The folder is DATA_DIR/pages (pageStoreDir): the pages are
 * rendered from the database beside them, and servers that share one build each keep their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BULK_BROTLI_QUALITY, compressStaticFile, removeStaticFile, writeCompressedFile, type Encoding } from './static-files';
import type { FileStats } from './static-serve';

/** Above this, a page is compressed at the bulk level even when written on its own. */
const LARGE_PAGE_BYTES = 256 * 1024;

/**
 * The manifest is a cache of what is on disk: lost, every page is rendered again on demand.
 * Written at most this often: at 100k stored pages it is megabytes of JSON, and a crawl that
 * stores pages all the time would otherwise serialize it every second.
 */
const PERSIST_MS = 10_000;

/** Stored pages of a forgotten set removed per turn of the event loop (after a reset). */
const PRUNE_BATCH = 200;

/** [size, inode] of the plain file, then of the .br and .gz variants (0 when there is none); all share the plain file's mtime. */
type FileFacts = [mtimeMs: number, size: number, ino: number, brSize: number, brIno: number, gzSize: number, gzIno: number];

export interface PageEntry {
  /** Index into the manifest's policy list (most pages share one). */
  csp: number;
  /** When the render of the page started (ms since the epoch): it shows the figures of that moment or later. */
  at: number;
  /** The stats of its files when written. */
  f: FileFacts;
}

/** A stored page, as the server sends it. */
export interface StoredPage {
  file: string;
  csp: string;
  renderedAt: number;
  stats: FileStats;
  variants: Partial<Record<Encoding, FileStats>>;
}

/** The figures pass of the publisher (docs/decisions/064): how far it has read, and the pages it has still to render. */
export interface FiguresState {
  /** The newest figure change read (the database's clock, ISO), or '' before the first pass. */
  since: string;
  /** Stored pages whose figures changed after they were rendered: path -> when (ms). */
  pending: [string, number][];
}

interface Manifest {
  /** The build the pages were rendered with (their HTML points at its hashed assets). */
  build: string;
  /** The content mark the stored set is current for (scripts/lib/page-publisher.ts). */
  content: string;
  policies: string[];
  pages: Record<string, PageEntry>;
  figures?: FiguresState;
}

/** Where a server keeps its catalogue pages: beside its database, in DATA_DIR/pages. */
export function pageStoreDir(dataDir: string): string {
  return path.resolve(dataDir, 'pages');
}

export class PageStore {
  readonly dir: string;
  private manifest: Manifest;
  private policyIndex = new Map<string, number>();
  /** get()'s answer per manifest entry, dropped with the entry. */
  private readonly made = new WeakMap<PageEntry, StoredPage>();
  private persistTimer: NodeJS.Timeout | undefined;

  constructor(dir: string) {
    this.dir = dir;
    this.manifest = { build: '', content: '', policies: [], pages: {} };
    const file = path.join(this.dir, 'manifest.json');
    if (fs.existsSync(file)) {
      try {
        const read = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
        // A manifest of the earlier format (no file stats) counts as none.
        if (Object.values(read.pages).every((p) => Array.isArray(p.f))) this.manifest = read;
      } catch {
        // A damaged manifest only means every page is rendered again.
      }
    }
    this.manifest.policies.forEach((p, i) => this.policyIndex.set(p, i));
  }

  /** The file a page path is kept in: /marketplace -> pages/marketplace.html, / -> pages/index.html. */
  fileFor(pagePath: string): string {
    const clean = pagePath === '/' ? '/index' : pagePath;
    return path.join(this.dir, path.extname(clean) ? clean : `${clean}.html`);
  }

  /** The build the stored pages were rendered with. */
  get build(): string {
    return this.manifest.build;
  }

  isCurrent(build: string, content: string): boolean {
    return this.manifest.build === build && this.manifest.content === content;
  }

  /**
   * Forgets every page and records what the pages written from now on are for. The files of
   * the forgotten pages are removed in the background, a batch per turn of the event loop,
   * except those written again meanwhile (the check and the removal run in one turn, and
   * writes are synchronous: a fresh file is never removed). Resolves when they are gone.
   */
  reset(build: string, content: string): Promise<void> {
    const forgotten = Object.keys(this.manifest.pages);
    this.manifest = { build, content, policies: [], pages: {} };
    this.policyIndex.clear();
    this.schedulePersist();
    return this.prune(forgotten);
  }

  private async prune(paths: string[]): Promise<void> {
    for (let i = 0; i < paths.length; i += PRUNE_BATCH) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const p of paths.slice(i, i + PRUNE_BATCH)) if (!this.manifest.pages[p]) removeStaticFile(this.fileFor(p));
    }
  }

  markContent(content: string): void {
    this.manifest.content = content;
    this.schedulePersist();
  }

  /**
   * A stored page and what sending it needs, from memory: no disk access. Made once per
   * manifest entry (a write replaces the entry, so a page written again is made anew) and
   * then the same object: serving a page allocates nothing for it.
   */
  get(pagePath: string): StoredPage | undefined {
    const entry = this.manifest.pages[pagePath];
    if (!entry) return undefined;
    let page = this.made.get(entry);
    if (!page) {
      const [mtimeMs, size, ino, brSize, brIno, gzSize, gzIno] = entry.f;
      const mtime = new Date(mtimeMs);
      const variants: StoredPage['variants'] = {};
      if (brIno) variants.br = { ino: brIno, size: brSize, mtimeMs, mtime };
      if (gzIno) variants.gzip = { ino: gzIno, size: gzSize, mtimeMs, mtime };
      page = {
        file: this.fileFor(pagePath),
        csp: this.manifest.policies[entry.csp] ?? '',
        renderedAt: entry.at,
        stats: { ino, size, mtimeMs, mtime },
        variants,
      };
      this.made.set(entry, page);
    }
    return page;
  }

  has(pagePath: string): boolean {
    return pagePath in this.manifest.pages;
  }

  /** When the page was rendered (ms), or undefined when it is not stored. */
  renderedAt(pagePath: string): number | undefined {
    return this.manifest.pages[pagePath]?.at;
  }

  get figures(): FiguresState {
    return (this.manifest.figures ??= { since: '', pending: [] });
  }

  /**
   * A pass that only moved `since` on (nothing pending before or after) is kept in memory and
   * written with the next persist (a page written, shutdown): at 100k stored pages the manifest
   * is megabytes of JSON, and every idle pass wrote it. Lost in a crash, the next pass reads
   * those changes again, which finds their pages rendered since (refreshFigures).
   */
  set figures(state: FiguresState) {
    const idle = state.pending.length === 0 && (this.manifest.figures?.pending.length ?? 0) === 0;
    this.manifest.figures = state;
    if (!idle) this.schedulePersist();
  }

  paths(): string[] {
    return Object.keys(this.manifest.pages);
  }

  /**
   * `bulk`: part of a full render or rendered on demand (in a request), compressed faster
   * (brotli 6, gzip 6) than a page written on its own (10, 9). `renderedAt`: when its render
   * started (default now). The page is compressed on libuv's thread pool first (10 costs about
   * 0.3 ms per KB: 15-50 ms a catalogue page, several per change, which on the event loop held
   * up every request meanwhile), then written, files and manifest in one turn, unless `keep()`
   * says no by then (a product hidden meanwhile). Resolves whether it was written.
   */
  async write(pagePath: string, body: Buffer, csp: string, options: { bulk?: boolean; renderedAt?: number; keep?: () => boolean } = {}): Promise<boolean> {
    // A large file (a sitemap shard of a big catalogue) is compressed at the bulk level too.
    const fast = options.bulk || body.byteLength > LARGE_PAGE_BYTES;
    const compressed = await compressStaticFile(this.fileFor(pagePath), body, fast ? { brotliQuality: BULK_BROTLI_QUALITY, gzipLevel: 6 } : {});
    if (options.keep && !options.keep()) return false;
    writeCompressedFile(compressed);
    let index = this.policyIndex.get(csp);
    if (index === undefined) {
      index = this.manifest.policies.push(csp) - 1;
      this.policyIndex.set(csp, index);
    }
    this.manifest.pages[pagePath] = { csp: index, at: options.renderedAt ?? Date.now(), f: factsOf(this.fileFor(pagePath)) };
    this.schedulePersist();
    return true;
  }

  remove(pagePath: string): void {
    delete this.manifest.pages[pagePath];
    removeStaticFile(this.fileFor(pagePath));
    this.schedulePersist();
  }

  private schedulePersist(): void {
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => this.persist(), PERSIST_MS);
    this.persistTimer.unref();
  }

  /** Writes the manifest now (also on shutdown). */
  persist(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, 'manifest.json');
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(this.manifest));
    fs.renameSync(temp, file);
  }
}

/** The stats of a page's files just written (writeCompressedFile stamps the variants with the plain file's mtime). */
function factsOf(file: string): FileFacts {
  const plain = fs.statSync(file);
  const variant = (suffix: string) => {
    const stats = fs.statSync(file + suffix, { throwIfNoEntry: false });
    return stats && stats.mtimeMs >= plain.mtimeMs ? [stats.size, stats.ino] : [0, 0];
  };
  const [brSize, brIno] = variant('.br');
  const [gzSize, gzIno] = variant('.gz');
  return [plain.mtimeMs, plain.size, plain.ino, brSize!, brIno!, gzSize!, gzIno!];
}
