/**
 * The one way an island loads and changes data (issue 28, docs/decisions/062): useApiQuery for
 * a read, useApiMutation for a write, both over the typed client (src/shared/api/client.ts).
 * Each owns `busy`, `error` (an ApiError: branch on `code`, show `message`) and `retry`; an
 * island keeps no busy flag or error text of its own. The rules (only the latest run counts,
 * a query aborts what it supersedes and what is in flight when it unmounts, a mutation is never
 * aborted) are those of createApiRequest (./api-request.ts).
 *
 *   const follow = useApiMutation((_signal, on: boolean) => api(on ? 'PUT …' : 'DELETE …', { params }), {
 *     onSuccess: (body) => setFollowing(body.following),
 *     onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
 *   });
 *   <button onClick={() => void follow.run(true)} disabled={follow.busy}>Follow</button>
 *
 * The callbacks are those of the latest render. `run` never rejects, so `void run()` is safe.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createApiRequest, type ApiRequest, type ApiRequestHandlers, type ApiRequestState } from './api-request';

type Send<A extends unknown[], T> = ApiRequestHandlers<A, T>['send'];
type Callbacks<A extends unknown[], T> = Omit<ApiRequestHandlers<A, T>, 'send'>;

export type ApiCall<A extends unknown[], T> = ApiRequestState<T, A> & Pick<ApiRequest<A, T>, 'run' | 'retry' | 'abort' | 'setData' | 'clearError'>;

function useApiRequest<A extends unknown[], T>(
  send: Send<A, T>,
  callbacks: Callbacks<A, T>,
  abortSuperseded: boolean,
  initialData?: T,
): [ApiRequest<A, T>, ApiCall<A, T>] {
  const handlers = useRef<ApiRequestHandlers<A, T>>({ send, ...callbacks });
  handlers.current = { send, ...callbacks };
  const [request] = useState(() => createApiRequest(() => handlers.current, { abortSuperseded, initialData }));
  const state = useSyncExternalStore(request.subscribe, request.getState, request.getState);
  return [request, { ...state, run: request.run, retry: request.retry, abort: request.abort, setData: request.setData, clearError: request.clearError }];
}

export interface ApiQueryOptions<A extends unknown[], T> extends Callbacks<A, T> {
  /**
   * Loads on mount and again whenever the key changes (a query of no arguments); null waits.
   * Without a key the island calls `run` itself (a filter, 'Load more').
   */
  key?: string | null;
  /** The data before the first answer (what the server rendered). */
  initialData?: T;
}

/** A read: a new run aborts the one in flight, and unmounting aborts it too. */
export function useApiQuery<T, A extends unknown[] = []>(send: Send<A, T>, options: NoInfer<ApiQueryOptions<A, T>> = {}): ApiCall<A, T> {
  const { key, initialData, ...callbacks } = options;
  const [request, call] = useApiRequest(send, callbacks, true, initialData);
  useEffect(() => {
    if (key !== undefined && key !== null) void request.run(...([] as unknown as A));
    return () => request.abort();
  }, [request, key]);
  return call;
}

/** A write: never aborted; a run started later wins, and the answer of one it superseded is ignored. */
export function useApiMutation<T, A extends unknown[] = []>(send: Send<A, T>, callbacks: NoInfer<Callbacks<A, T>> = {}): ApiCall<A, T> {
  return useApiRequest(send, callbacks, false)[1];
}
