/**
 * A list read page by page (`{ items, nextCursor }`, docs/decisions/024) with 'Load more': the
 * first page (the server's props, or loaded on mount with `key`, or again with `load` after a
 * filter changed) and the next ones, appended without duplicates. Two useApiQuery requests
 * (./use-api.ts): loading the first page again aborts a 'Load more' in flight, so a page of the
 * old filter never lands in the new list. Used by the feeds, the portfolio, the reviews and
 * the deliveries.
 */
import { useState } from 'react';
import type { ApiError } from '@/src/shared/api/client';
import { useApiQuery } from './use-api';

export interface Page<I> {
  items: I[];
  nextCursor: string | null;
}

type ItemOf<P> = P extends Page<infer I> ? I : never;

interface Options<P, A extends unknown[]> {
  /** The first page as the server rendered it. */
  initial?: Page<ItemOf<P>>;
  /** Loads the first page on mount and when the key changes (a list of no arguments). */
  key?: string | null;
  /** Every page's answer (its extra fields: an unread count, whether the caller may post). */
  onPage?(page: P, more: boolean): void;
  onError?(error: ApiError, more: boolean, ...args: A): void;
}

export interface PagedList<I, A extends unknown[]> {
  items: I[];
  nextCursor: string | null;
  /** Until the first page has come (with `key`), or while it loads again. */
  loading: boolean;
  loadingMore: boolean;
  /** The first page's failure ('Load more' reports through onError only). */
  error: ApiError | null;
  /** The first page again, with these arguments (a filter); it replaces the list. */
  load(...args: A): Promise<void>;
  /** The next page with these arguments; nothing while a page loads or when there is none. */
  more(...args: A): Promise<void>;
  retry(): Promise<void>;
  /** A change the island made (an item added, read, removed). */
  setItems(change: (items: I[]) => I[]): void;
}

export function usePagedList<P extends Page<{ id: string }>, A extends unknown[] = []>(
  fetchPage: (signal: AbortSignal, cursor: string | null, ...args: A) => Promise<P>,
  options: NoInfer<Options<P, A>> = {},
): PagedList<ItemOf<P>, A> {
  type I = ItemOf<P>;
  const { initial, key, onPage, onError } = options;
  const [list, setList] = useState<Page<I>>(initial ?? { items: [], nextCursor: null });
  const first = useApiQuery<P, A>((signal, ...args) => fetchPage(signal, null, ...args), {
    key,
    onSuccess: (page: P, ..._args: A) => {
      setList({ items: page.items as I[], nextCursor: page.nextCursor });
      onPage?.(page, false);
    },
    onError: (error: ApiError, ...args: A) => onError?.(error, false, ...args),
  });
  const next = useApiQuery<P, [cursor: string, ...args: A]>((signal, cursor, ...args) => fetchPage(signal, cursor, ...args), {
    onSuccess: (page: P, _cursor: string, ..._args: A) => {
      setList((current) => {
        const ids = new Set(current.items.map((item) => item.id));
        return { items: [...current.items, ...(page.items as I[]).filter((item) => !ids.has(item.id))], nextCursor: page.nextCursor };
      });
      onPage?.(page, true);
    },
    onError: (error: ApiError, _cursor: string, ...args: A) => onError?.(error, true, ...args),
  });
  return {
    items: list.items,
    nextCursor: list.nextCursor,
    loading: first.busy || (key != null && first.data === undefined && first.error === null),
    loadingMore: next.busy,
    error: first.error,
    load(...args: A) {
      next.abort();
      return first.run(...args);
    },
    more: (...args: A) => (list.nextCursor && !first.busy && !next.busy ? next.run(list.nextCursor, ...args) : Promise.resolve()),
    retry: first.retry,
    setItems: (change) => setList((current) => ({ ...current, items: change(current.items) })),
  };
}
