/**
 * Records a product view when a card is clicked (spec sections 2 and 7): POST
 * /api/products/{id}/view with a per-tab session id kept in sessionStorage. Fire and forget
 * with `keepalive`, so the request survives the navigation it accompanies and never delays
 * it; failures are only logged (spec section 8: tracking failures are logged only).
 * Used by the marketplace cards (React) and ProductCard.astro (a plain script).
 */
export const VIEW_SESSION_KEY = 'toolmint_view_session';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The id of this browser tab's session: the same for every view recorded from it. */
export function viewSessionId(): string {
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

export function recordView(productId: string): void {
  try {
    void fetch(`/api/products/${encodeURIComponent(productId)}/view`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: viewSessionId(), type: 'view' }),
    })
      .then((response) => {
        if (!response.ok) console.warn(`Failed to record view (${response.status})`);
      })
      .catch((error: unknown) => console.warn('An error occurred while tracking the view', error));
  } catch (error) {
    console.warn('An error occurred while tracking the view', error);
  }
}
