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
 * was rendered, and what the set was rendered from) in <dir>/manifest.json, written at most
 * once a second. The folder is DATA_DIR/pages (pageStoreDir): the pages are rendered from the
 * database beside them, and servers that share one build each keep their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BULK_BROTLI_QUALITY, removeStaticFile, writeStaticFile } from './static-files';

/** Above this, a page is compressed at the bulk level even when written on its own. */
const LARGE_PAGE_BYTES = 256 * 1024;

export interface PageEntry {
  /** Index into the manifest's policy list (most pages share one). */
  csp: number;
  /** When the page was rendered (ms since the epoch). */
  at: number;
}

interface Manifest {
  /** The build the pages were rendered with (their HTML points at its hashed assets). */
  build: string;
  /** The content mark the full set was rendered at (scripts/lib/page-publisher.ts). */
  content: string;
  policies: string[];
  pages: Record<string, PageEntry>;
}

/** Where a server keeps its catalogue pages: beside its database, in DATA_DIR/pages. */
export function pageStoreDir(dataDir: string): string {
  return path.resolve(dataDir, 'pages');
}

export class PageStore {
  readonly dir: string;
  private manifest: Manifest;
  private policyIndex = new Map<string, number>();
  private persistTimer: NodeJS.Timeout | undefined;

  constructor(dir: string) {
    this.dir = dir;
    this.manifest = { build: '', content: '', policies: [], pages: {} };
    const file = path.join(this.dir, 'manifest.json');
    if (fs.existsSync(file)) {
      try {
        this.manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
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

  isCurrent(build: string, content: string): boolean {
    return this.manifest.build === build && this.manifest.content === content;
  }

  /** Forgets every page and records what the coming full render is for (the old files stay until overwritten or pruned). */
  reset(build: string, content: string): void {
    this.manifest = { build, content, policies: [], pages: {} };
    this.policyIndex.clear();
    this.schedulePersist();
  }

  markContent(content: string): void {
    this.manifest.content = content;
    this.schedulePersist();
  }

  get(pagePath: string): { file: string; csp: string; renderedAt: number } | undefined {
    const entry = this.manifest.pages[pagePath];
    if (!entry) return undefined;
    return { file: this.fileFor(pagePath), csp: this.manifest.policies[entry.csp] ?? '', renderedAt: entry.at };
  }

  paths(): string[] {
    return Object.keys(this.manifest.pages);
  }

  /** `bulk`: part of a full render, compressed faster (brotli 6, gzip 6) than a page written on its own (10, 9). */
  write(pagePath: string, body: Buffer, csp: string, options: { bulk?: boolean } = {}): void {
    // A large file (a sitemap shard of a big catalogue) is compressed at the bulk level too:
    // this runs on the server's event loop, and quality 10 costs about 0.3 ms per KB.
    const fast = options.bulk || body.byteLength > LARGE_PAGE_BYTES;
    writeStaticFile(this.fileFor(pagePath), body, fast ? { brotliQuality: BULK_BROTLI_QUALITY, gzipLevel: 6 } : {});
    let index = this.policyIndex.get(csp);
    if (index === undefined) {
      index = this.manifest.policies.push(csp) - 1;
      this.policyIndex.set(csp, index);
    }
    this.manifest.pages[pagePath] = { csp: index, at: Date.now() };
    this.schedulePersist();
  }

  remove(pagePath: string): void {
    delete this.manifest.pages[pagePath];
    removeStaticFile(this.fileFor(pagePath));
    this.schedulePersist();
  }

  private schedulePersist(): void {
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => this.persist(), 1000);
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
