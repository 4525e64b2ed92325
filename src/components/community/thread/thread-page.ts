/**
 * The thread page's server-rendered HTML that ThreadIsland changes in place (docs/decisions/035):
 * the static placeholders it replaces, a post's body after an edit or a delete, its author and
 * 'edited' mark, the title. The posts stay HTML; only these spots change.
 */
import { DELETED_POST_TEXT } from '@/src/shared/community';

/** 'thread' for the discussion itself, else a reply's id. */
export type Target = 'thread' | (string & {});

/** Removes the placeholders the server drew where the island's buttons now go. */
export function clearStatic(container: Element | null): void {
  container?.querySelectorAll('[data-static]').forEach((el) => el.remove());
}

export function setPostHtml(target: Target, html: string): void {
  const body = document.querySelector(`[data-post-body="${target}"]`);
  if (body) body.innerHTML = html;
}

export function showDeleted(target: Target): void {
  setPostHtml(target, `<p class="cm-deleted">${DELETED_POST_TEXT}</p>`);
  const author = document.querySelector(`[data-post-author="${target}"]`);
  if (author) author.textContent = 'Deleted';
}

export function showEdited(target: Target): void {
  document.querySelector(`[data-edited="${target}"]`)?.removeAttribute('hidden');
}

export function setThreadTitle(title: string): void {
  const heading = document.querySelector('[data-thread-title]');
  if (heading) heading.textContent = title;
}
