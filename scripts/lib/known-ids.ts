/**
 * The ids that exist, in memory, so the node server answers an address naming an id that does
 * not exist 404 without rendering and without a query (issue 30, docs/decisions/065).
 *
 * Loaded once at start, one query per kind (every product, tool and thread, whatever its
 * status, and every profile that is not a deleted account's), and kept current by commit
 * hooks: a product or a tool is added by the 'pages.changed' that records its publication or
 * approval (its id, or its tool pages' paths), a thread by 'community.thread-created', a
 * profile by 'profile.created' (better-auth's hook once the account's transaction has
 * committed, functions/auth/auth.ts), in the request that made the change, before it answers.
 * Only a profile is ever removed ('profile.deleted': a deleted account's profile is a tombstone
 * for good); any other id that exists but whose page is a 404 for another reason (a draft, an
 * unpublished or deleted product, a pending tool, a hidden thread) goes to its route, which
 * answers it as before. So a wrong answer needs a page whose id this process never heard of,
 * which only another process's change can make (several servers on one PostgreSQL): there
 * `refresh()` adds what the database holds every REFRESH_MS (an embedded PGlite has one
 * process, and needs none).
 *
 * What it answers: for an address of a product, tool, thread or profile page, whether its id is
 * known, unknown, or cannot exist (not the shape of the kind's ids). A profile's only for a
 * request with no cookie: its 404 page shows who is signed in (docs/decisions/065, 071).
 */
import type { Db } from '@/db/database';
import type { CommitHooks } from '@/functions/jobs';
import { selectAllProductIds } from '@/functions/products/products.repository';
import { selectAllToolIds } from '@/functions/tools/tools.repository';
import { selectAllThreadIds } from '@/functions/community/community.repository';
import { selectLiveProfileIds } from '@/functions/profiles/profiles.repository';
import { isToolId, isUserId, isUuid } from '@/src/shared/ids';

/** The kinds of page whose missing ids are answered from memory, each with its own 404 page. */
export type MissingPageKind = 'product' | 'tool' | 'tool-landing' | 'thread' | 'profile';

/** Sure answers only: undefined whenever the route must decide. */
export type IdVerdict = { kind: MissingPageKind; id: string } | undefined;

const PRODUCT = /^\/product\/([^/]+)\/?$/;
const TOOL = /^\/tools\/([^/]+)\/?$/;
const TOOL_LANDING = /^\/tools\/([^/]+)\/landing\/?$/;
const THREAD = /^\/community\/([^/]+)\/?$/;
const PROFILE = /^\/profile\/([^/]+)\/?$/;
/** A tool's page path, as 'pages.changed' names it. */
const TOOL_PATH = /^\/tools\/([a-z0-9-]{1,60})(?:\/|$)/;

/** How often ids made by another process are looked for (several servers on one database). */
const REFRESH_MS = 60_000;

export class KnownIds {
  private readonly products = new Set<string>();
  private readonly tools = new Set<string>();
  private readonly threads = new Set<string>();
  /** User ids, as they are (better-auth's ids are case-sensitive, as the profile route reads them). */
  private readonly profiles = new Set<string>();
  private loaded = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { shared: boolean },
  ) {}

  /** Reads every id (one query per kind); until it has, every address goes to its route. */
  async refresh(): Promise<void> {
    const [products, tools, threads, profiles] = await Promise.all([
      selectAllProductIds(this.db),
      selectAllToolIds(this.db),
      selectAllThreadIds(this.db),
      selectLiveProfileIds(this.db),
    ]);
    for (const id of products) this.products.add(id.toLowerCase());
    for (const id of tools) this.tools.add(id);
    for (const id of threads) this.threads.add(id.toLowerCase());
    // Added only. A deletion that commits while this read runs can be undone by it: that id then
    // goes to its route, which answers 404 as before (a query, never a wrong answer).
    for (const id of profiles) this.profiles.add(id);
    this.loaded = true;
  }

  /** Loads the ids; on a shared database looks again every REFRESH_MS (a failed look is logged; the ids stay). */
  async start(): Promise<void> {
    await this.refresh();
    if (!this.options.shared) return;
    this.timer = setInterval(() => this.refresh().catch((error: unknown) => console.error('[ids] reading the known ids failed:', error)), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The commit hooks that keep the index current (startWorker's onCommit, merged with the publisher's). */
  commitHooks(): CommitHooks {
    return {
      'pages.changed': (change) => {
        if (change.productId) this.products.add(change.productId.toLowerCase());
        for (const p of change.paths) {
          const tool = TOOL_PATH.exec(p)?.[1];
          if (tool) this.tools.add(tool);
        }
      },
      'community.thread-created': ({ threadId }) => {
        this.threads.add(threadId.toLowerCase());
      },
      'profile.created': ({ userId }) => {
        this.profiles.add(userId);
      },
      'profile.deleted': ({ userId }) => {
        this.profiles.delete(userId);
      },
    };
  }

  /**
   * The kind of 404 page `pathname` (as sent) is sure to be, with the id it names, or undefined
   * when the route must decide (an id that exists, an encoded path, another page). `anonymous`:
   * the request carries no cookie (a profile's 404 page shows who is signed in).
   */
  missing(pathname: string, anonymous: boolean): IdVerdict {
    if (!this.loaded || pathname.includes('%')) return undefined;
    let id: string | undefined;
    if ((id = PRODUCT.exec(pathname)?.[1]) !== undefined) {
      return !isUuid(id) || !this.products.has(id.toLowerCase()) ? { kind: 'product', id } : undefined;
    }
    if ((id = TOOL_LANDING.exec(pathname)?.[1]) !== undefined) {
      return !isToolId(id) || !this.tools.has(id) ? { kind: 'tool-landing', id } : undefined;
    }
    if ((id = TOOL.exec(pathname)?.[1]) !== undefined) {
      return !isToolId(id) || !this.tools.has(id) ? { kind: 'tool', id } : undefined;
    }
    if ((id = THREAD.exec(pathname)?.[1]) !== undefined) {
      // Only a uuid is a thread's id; any other segment may be a space or a page (/community/new).
      return isUuid(id) && !this.threads.has(id.toLowerCase()) ? { kind: 'thread', id } : undefined;
    }
    if ((id = PROFILE.exec(pathname)?.[1]) !== undefined) {
      return anonymous && (!isUserId(id) || !this.profiles.has(id)) ? { kind: 'profile', id } : undefined;
    }
    return undefined;
  }
}

/**
 * An address of each kind that names no id, twice (two different ids): the server renders
 * them through the routes to learn each kind's 404 page, and uses it only when both are the
 * same bytes (the page does not depend on the id).
 */
export const MISSING_PAGE_PROBES: Record<MissingPageKind, readonly [string, string]> = {
  product: ['/product/00000000-0000-4000-8000-000000000000', '/product/ffffffff-ffff-4fff-bfff-ffffffffffff'],
  tool: ['/tools/no-such-tool-0', '/tools/no-such-tool-1'],
  'tool-landing': ['/tools/no-such-tool-0/landing', '/tools/no-such-tool-1/landing'],
  thread: ['/community/00000000-0000-4000-8000-000000000000', '/community/ffffffff-ffff-4fff-bfff-ffffffffffff'],
  // One of the wrong shape, one of the right shape that names nobody: the same page for both.
  profile: ['/profile/no.such.profile', '/profile/no-such-profile-0'],
};

/** Several owners' commit hooks as one set: each event's hooks run in the order given. */
export function mergeCommitHooks(...sets: CommitHooks[]): CommitHooks {
  const merged: Record<string, (data: never) => void> = {};
  for (const set of sets) {
    for (const [event, hook] of Object.entries(set) as [string, ((data: never) => void) | undefined][]) {
      if (!hook) continue;
      const before = merged[event];
      merged[event] = before
        ? (data) => {
            before(data);
            hook(data);
          }
        : hook;
    }
  }
  return merged as CommitHooks;
}
