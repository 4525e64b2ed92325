/**
 * $unreadCount: unread tool-update notifications of the signed-in user, shown as a badge
 * on AI Tools in the header (spec section 2: hidden at 0, 99+ above 99). The follows and
 * notifications feature sets it; the header renders it.
 */
import { atom } from 'nanostores';

export const $unreadCount = atom(0);

export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
