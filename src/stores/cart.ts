/**
 * The buyer's cart in the browser (issue 31, docs/decisions/082): the header's count, the
 * product page's 'Add to cart' and the /cart page read it from here.
 *
 * - A visitor's cart is kept in localStorage under 'toolmint_cart' (a JSON array of
 *   `{ productId, title }`; the title only words messages) and synced across tabs; the server
 *   shows it through GET /api/cart?items= and saves nothing.
 * - A signed-in buyer's cart is the account's, on the server. The first time a session is seen
 *   signed in while a browser cart exists (right after signing in, on whatever page that lands),
 *   the browser cart goes to POST /api/cart/merge and is cleared; the products the server
 *   skipped are told in a toast and listed on /cart ($cartSkipped).
 *
 * Framework-free, like $unreadCount: the header's script calls startCartSync() on every page,
 * so the prebuilt header ships no React for its badge. Hydration: $cartIds starts empty like the
 * server HTML, and islands read it through useCartIds() (use-cart.ts), which renders that empty
 * set while hydrating (#418).
 */
import { atom, computed } from 'nanostores';
import { api, ApiError } from '../shared/api/client';
import type { CartView } from '../shared/api/schemas/cart';
import { $session, loadSession, type SessionState } from './session';
import { toast } from './toasts';

const CART_STORAGE_KEY = 'toolmint_cart';
/** What the last merge skipped, for this tab's session: /cart lists it on whichever page the buyer opens it. */
const SKIPPED_STORAGE_KEY = 'toolmint_cart_skipped';
/**
 * CART_MAX_ITEMS of src/shared/api/schemas/cart.ts (the server's limit, and the most ids
 * GET /api/cart?items= takes). Not imported from there: that module builds zod schemas, which
 * would land in every page's header script. tests/unit/catalogue-ui.test.ts checks they agree.
 */
export const VISITOR_CART_MAX = 50;

/** A product in the browser cart. */
export interface StoredCartItem {
  productId: string;
  title: string;
}

/** A product the merge on sign-in did not bring into the account, and why. */
export interface SkippedCartItem extends StoredCartItem {
  reason: string;
}

const EMPTY_CART: CartView = { items: [], totalCents: 0, count: 0 };

/** The products in the cart (the visitor's or the account's), for 'In cart' and the header's count. */
export const $cartIds = atom<ReadonlySet<string>>(new Set());
export const $cartCount = computed($cartIds, (ids) => ids.size);
/** What the last merge on sign-in skipped; /cart lists it until the buyer dismisses it. */
export const $cartSkipped = atom<readonly SkippedCartItem[]>([]);

/** A product id as the API takes it: anything else in storage would make every GET and merge a 400. */
const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser cart as stored; anything malformed is ignored, duplicates and the excess over the limit dropped. */
export function parseStoredCart(raw: string | null): StoredCartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const items = new Map<string, StoredCartItem>();
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const { productId, title } = entry as Record<string, unknown>;
    if (typeof productId !== 'string' || !PRODUCT_ID.test(productId) || items.has(productId)) continue;
    items.set(productId, { productId, title: typeof title === 'string' ? title.slice(0, 200) : '' });
  }
  return [...items.values()].slice(0, VISITOR_CART_MAX);
}

/** The header badge's text: hidden at 0, '99+' above 99 (as the unread badge). */
export function cartBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

function storage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // storage disabled: the visitor's cart lasts for this page only
  }
}

/** This page's copy when storage is unavailable. */
let memory: StoredCartItem[] = [];

function readLocal(): StoredCartItem[] {
  const store = storage();
  return store ? parseStoredCart(store.getItem(CART_STORAGE_KEY)) : memory;
}

function writeLocal(items: StoredCartItem[]): void {
  memory = items;
  try {
    if (items.length) storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    else storage()?.removeItem(CART_STORAGE_KEY);
  } catch (error) {
    console.warn('[cart] could not save the cart in this browser:', error);
  }
}

/** Whose cart the store holds: a user id, null for the visitor, undefined before the session is known. */
let owner: string | null | undefined;
/** Settles once the current owner's cart is known (a signed-in buyer's after the merge). */
let syncing: Promise<void> = Promise.resolve();
/** The view the sync loaded, handed to the first loadCart() after it instead of asking again. */
let syncedView: CartView | null = null;
let started = false;

function applyView(view: CartView): void {
  $cartIds.set(new Set(view.items.map((item) => item.productId)));
}

function setSkipped(items: SkippedCartItem[]): void {
  $cartSkipped.set(items);
  try {
    if (items.length) storage('sessionStorage')?.setItem(SKIPPED_STORAGE_KEY, JSON.stringify(items));
    else storage('sessionStorage')?.removeItem(SKIPPED_STORAGE_KEY);
  } catch {
    // Not kept past this page: the toast has said it.
  }
}

function readSkipped(): SkippedCartItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage('sessionStorage')?.getItem(SKIPPED_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const { productId, title, reason } = (entry ?? {}) as Record<string, unknown>;
    return typeof productId === 'string' && typeof title === 'string' && typeof reason === 'string' ? [{ productId, title, reason }] : [];
  });
}

/** Tells the buyer what the merge left out ('You already own this product.'), by title. */
function tellSkipped(skipped: { productId: string; reason: string }[], local: StoredCartItem[]): void {
  const titled = skipped.map((s) => ({ ...s, title: local.find((l) => l.productId === s.productId)?.title || 'A product' }));
  setSkipped(titled);
  if (!titled.length) return;
  const first = titled[0]!;
  toast({
    title: titled.length === 1 ? 'A product was not added to your cart' : `${titled.length} products were not added to your cart`,
    description: titled.length === 1 ? `${first.title}: ${first.reason}` : 'Your cart says which and why.',
    variant: 'destructive',
  });
}

async function syncUser(userId: string): Promise<void> {
  const local = readLocal();
  try {
    if (local.length) {
      const merged = await api('POST /api/cart/merge', { body: { productIds: local.map((item) => item.productId) } });
      // Cleared only once the account holds it: a failed merge is tried again on the next page.
      writeLocal([]);
      if (owner !== userId) return;
      applyView(merged.cart);
      syncedView = merged.cart;
      tellSkipped(merged.skipped, local);
    } else {
      const view = await api('GET /api/cart');
      if (owner !== userId) return;
      applyView(view);
      syncedView = view;
    }
  } catch (error) {
    console.warn('[cart] could not load the cart:', error);
    // A merge that failed is tried again on the next page; meanwhile the count is the account's.
    if (local.length && owner === userId) {
      const view = await api('GET /api/cart').catch(() => null);
      if (view && owner === userId) applyView(view);
    }
  }
}

function syncVisitor(): void {
  syncedView = null;
  $cartIds.set(new Set(readLocal().map((item) => item.productId)));
}

function follow(state: SessionState): void {
  if (state.status === 'loading') return;
  const next = state.user?.id ?? null;
  if (next === owner) return;
  // The sign-in form leaves for its destination ~100 ms after signing in: the merge, and what
  // it tells, happen on the page the buyer lands on rather than in a request cut off by leaving.
  if (next && window.location.pathname === '/auth' && readLocal().length) return;
  owner = next;
  syncedView = null;
  if (next) syncing = syncUser(next);
  else {
    syncVisitor();
    syncing = Promise.resolve();
  }
}

/** Follows the session: the visitor's cart, or the account's after merging the visitor's into it. Idempotent; browser only. */
export function startCartSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  $cartSkipped.set(readSkipped());
  $session.subscribe(follow);
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY && owner === null) syncVisitor();
  });
}

/** The cart's owner once known and synced: a user id, or null for a visitor. */
async function ready(): Promise<string | null> {
  startCartSync();
  follow(await loadSession());
  await syncing;
  return owner ?? null;
}

/** The cart as it stands now, with each item's availability and the total (the server's). */
export async function loadCart(signal?: AbortSignal): Promise<CartView> {
  const userId = await ready();
  if (userId) {
    if (syncedView) {
      const view = syncedView;
      syncedView = null;
      return view;
    }
    const view = await api('GET /api/cart', signal ? { signal } : {});
    applyView(view);
    return view;
  }
  const local = readLocal();
  if (!local.length) {
    $cartIds.set(new Set());
    return EMPTY_CART;
  }
  const view = await api('GET /api/cart', { query: { items: local.map((item) => item.productId).join(',') }, ...(signal ? { signal } : {}) });
  // A product that no longer exists is left out by the server: the browser forgets it too.
  const known = new Set(view.items.map((item) => item.productId));
  if (known.size !== local.length) writeLocal(local.filter((item) => known.has(item.productId)));
  applyView(view);
  return view;
}

/**
 * Adds a product. Signed in: POST /api/cart/items, which refuses what cannot go in a cart
 * (an ApiError: show its message). A visitor: the browser cart, checked by the server when
 * shown and again at the merge. Answers the account's cart, or null for a visitor.
 */
export async function addToCart(productId: string, title: string): Promise<CartView | null> {
  const userId = await ready();
  syncedView = null;
  if (userId) {
    const view = await api('POST /api/cart/items', { body: { productId } });
    applyView(view);
    return view;
  }
  const local = readLocal();
  if (!local.some((item) => item.productId === productId)) {
    if (local.length >= VISITOR_CART_MAX) {
      throw new ApiError('CART_FULL', `Your cart holds ${VISITOR_CART_MAX} products, the most it can. Remove some first.`, 409);
    }
    writeLocal([...local, { productId, title }]);
  }
  syncVisitor();
  return null;
}

/** Removes a product and answers the cart as it stands without it. */
export async function removeFromCart(productId: string): Promise<CartView> {
  const userId = await ready();
  syncedView = null;
  if (userId) {
    const view = await api('DELETE /api/cart/items/{productId}', { params: { productId } });
    applyView(view);
    return view;
  }
  writeLocal(readLocal().filter((item) => item.productId !== productId));
  syncVisitor();
  return loadCart();
}

export function dismissSkipped(): void {
  setSkipped([]);
}
