/**
 * The state machine under useApiQuery and useApiMutation (./use-api.ts), without React so that
 * it is tested as a plain object (tests/unit/api-request.test.ts). It owns what every island
 * used to keep by hand: whether a request is in flight (`busy`), its failure as an ApiError
 * (the error code's message, or the client's one fallback), the last answer (`data`), and
 * `retry` with the last arguments.
 *
 * The invariant: only the latest run's outcome counts. A run started later wins; the answer or
 * failure of one it superseded is dropped (no state change, no callback), so a slow answer can
 * never overwrite a newer one. A query also aborts the run it supersedes and, through `abort`,
 * the one in flight when its island unmounts; a mutation is never aborted (the write may be
 * done already), its stale answer is only ignored.
 */
import { toApiError, type ApiError } from '@/src/shared/api/client';

export interface ApiRequestState<T, A extends unknown[] = unknown[]> {
  readonly data: T | undefined;
  readonly busy: boolean;
  readonly error: ApiError | null;
  /** The arguments of the run in flight (which row of a list is busy), null when none is. */
  readonly pending: A | null;
}

export interface ApiRequestHandlers<A extends unknown[], T> {
  /** Sends the request(s): `signal` aborts them (a query passes it to `api`). */
  send(signal: AbortSignal, ...args: A): Promise<T>;
  /** The latest run's answer. */
  onSuccess?(data: T, ...args: A): void;
  /** The latest run's failure, as an ApiError whose message a person can read. */
  onError?(error: ApiError, ...args: A): void;
}

export interface ApiRequest<A extends unknown[], T> {
  /** Starts a run; resolves once it has settled (never rejects: failures are `error` and onError). */
  run(...args: A): Promise<void>;
  /** Runs again with the last run's arguments (nothing when there was none). */
  retry(): Promise<void>;
  /** Aborts the run in flight (a query's unmount): its outcome is dropped. */
  abort(): void;
  /** Replaces the data (a change the island made, an answer of another request), or clears the error. */
  setData(update: (data: T | undefined) => T | undefined): void;
  clearError(): void;
  getState(): ApiRequestState<T, A>;
  subscribe(listener: () => void): () => void;
}

export interface ApiRequestPolicy<T> {
  /** true for a query: a new run aborts the one in flight. */
  abortSuperseded: boolean;
  initialData?: T;
}

export function createApiRequest<A extends unknown[], T>(handlers: () => ApiRequestHandlers<A, T>, policy: ApiRequestPolicy<T>): ApiRequest<A, T> {
  let state: ApiRequestState<T, A> = { data: policy.initialData, busy: false, error: null, pending: null };
  const listeners = new Set<() => void>();
  let latest = 0;
  let inFlight: AbortController | null = null;
  let lastArgs: A | null = null;

  const update = (next: Partial<ApiRequestState<T, A>>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  async function run(...args: A): Promise<void> {
    const ticket = ++latest;
    lastArgs = args;
    if (policy.abortSuperseded) inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    update({ busy: true, error: null, pending: args });
    // Read now: the handlers of the render that started the run.
    const { send, onSuccess, onError } = handlers();
    try {
      const data = await send(controller.signal, ...args);
      if (ticket !== latest || controller.signal.aborted) return;
      inFlight = null;
      update({ data, busy: false, pending: null });
      onSuccess?.(data, ...args);
    } catch (raw) {
      if (ticket !== latest || controller.signal.aborted) return;
      inFlight = null;
      const error = toApiError(raw);
      // An ApiError is the server's (or the network's) word; anything else is a bug worth seeing.
      if (error !== raw) console.warn('[api] request failed:', raw);
      update({ busy: false, error, pending: null });
      onError?.(error, ...args);
    }
  }

  return {
    run,
    retry: () => (lastArgs ? run(...lastArgs) : Promise.resolve()),
    abort() {
      if (!inFlight) return;
      inFlight.abort();
      inFlight = null;
      latest++;
      update({ busy: false, pending: null });
    },
    setData: (change) => update({ data: change(state.data) }),
    clearError: () => update({ error: null }),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
