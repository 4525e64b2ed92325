/**
 * $toasts: the toast queue (spec section 9: one at a time, shown for 5 s by default, swipe
 * threshold 50 px; a dismissed toast is removed after 1,000,000 ms or when replaced).
 * Framework-free: React islands and plain scripts call toast(); the Toaster in the site
 * header renders it.
 */
import { atom } from 'nanostores';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  /** Milliseconds the toast stays open; Infinity keeps it until dismissed. */
  duration: number;
  open: boolean;
}

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  duration?: number;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: number): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast, replacing the one on screen (one at a time). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
    open: true,
  };
  for (const old of $toasts.get()) {
    clearTimeout(removals.get(old.id));
    removals.delete(old.id);
  }
  $toasts.set([item, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes one toast, or every toast without an id. */
export function dismissToast(id?: number): void {
  $toasts.set($toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of $toasts.get()) if (!t.open) scheduleRemoval(t.id);
}
