/**
 * Records a product view when a card is clicked (spec sections 2 and 7): POST
 * /api/products/{id}/view with a per-tab session id kept in sessionStorage. Fire and forget
 * with `keepalive`, so the request survives the navigation it accompanies and never delays
 * it; failures are only logged (spec section 8: tracking failures are logged only).
 * Used by the marketplace cards (React), ProductCard.astro (a plain script) and the product
 * page itself, which counts a visit that did not come through a card (a shared link, a
 * search engine) once per tab: a card click marks the product as viewed in this tab.
 */
import { api, ApiError } from '@/src/shared/api/client';
import { MAX_HOST_LENGTH, utmFromSearch } from '@/src/shared/traffic';

const VIEW_SESSION_KEY = 'toolmint_view_session';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The id of this browser tab's session: the same for every view recorded from it. */
function viewSessionId(): string {
  try {
    const existing = sessionStorage.getItem(VIEW_SESSION_KEY);
    if (existing) return existing;
    const id = randomId();
    sessionStorage.setItem(VIEW_SESSION_KEY, id);
    return id;
  } catch {
    return randomId(); // storage disabled: a view without a stable session is still a view
  }
}

const viewedKey = (productId: string) => `toolmint_viewed:${productId}`;
/** A product viewed in this tab within this window is not counted again by its page. */
const VIEW_WINDOW_MS = 30 * 60 * 1000;

export function recordView(productId: string): void {
  try {
    sessionStorage.setItem(viewedKey(productId), String(Date.now()));
  } catch {
    // storage disabled: the page may count this visit again, which is harmless
  }
  try {
    api('POST /api/products/{id}/view', { params: { id: productId }, body: { sessionId: viewSessionId(), type: 'view' }, keepalive: true }).catch(
      (error: unknown) => {
        if (error instanceof ApiError && error.status > 0) console.warn(`Failed to record view (${error.status})`);
        else console.warn('An error occurred while tracking the view', error);
      },
    );
  } catch (error) {
    console.warn('An error occurred while tracking the view', error);
  }
}

/** On the product page: record the visit unless a card click in this tab just did. */
export function recordPageView(productId: string): void {
  try {
    const at = Number(sessionStorage.getItem(viewedKey(productId)) ?? 0);
    if (Date.now() - at < VIEW_WINDOW_MS) return;
  } catch {
    // storage disabled: record it
  }
  recordView(productId);
}

/**
 * On the product page: where this visit came from (docs/decisions/079), one POST per page load;
 * the server counts a visitor once a day. Only the referrer's host leaves the page (never its
 * path or query), with the utm_* values of this page's own URL; no third-party script.
 */
export function recordVisit(productId: string): void {
  let referrer: string | null;
  try {
    referrer = document.referrer ? new URL(document.referrer).hostname.slice(0, MAX_HOST_LENGTH) : null;
  } catch {
    referrer = null; // not a URL: a visit without a referrer
  }
  const utm = utmFromSearch(window.location.search);
  // An affiliate's ref (docs/decisions/081): the server checks it and keeps it in a cookie.
  const ref = new URLSearchParams(window.location.search).get('ref')?.slice(0, 32) || null;
  try {
    api('POST /api/products/{id}/visit', { params: { id: productId }, body: { referrer, ...utm, ref }, keepalive: true }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status > 0) console.warn(`Failed to record the visit (${error.status})`);
      else console.warn('An error occurred while recording the visit', error);
    });
  } catch (error) {
    console.warn('An error occurred while recording the visit', error);
  }
}
