/**
 * The core of useApiQuery / useApiMutation (src/components/hooks/api-request.ts), driven as the
 * hooks drive it, over the real typed client with the browser's fetch answering: busy while a
 * run is in flight, the error code's message on failure (the one fallback for anything else),
 * retry with the last arguments, and only the latest run counting (a query aborts what it
 * supersedes; a mutation's superseded answer is ignored). The hooks themselves are covered by
 * the islands' e2e specs (community, catalogue, studio, settings ...).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@/src/shared/api/client';
import { createApiRequest, type ApiRequestHandlers } from '@/src/components/hooks/api-request';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch whose answers the test gives, one pending request at a time, in any order. */
function pendingFetch() {
  const requests: { url: string; signal: AbortSignal | undefined; answer(response: Response): void; fail(error: unknown): void }[] = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        requests.push({ url, signal, answer: resolve, fail: reject });
      }),
  );
  return requests;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function request<A extends unknown[], T>(handlers: ApiRequestHandlers<A, T>, abortSuperseded: boolean) {
  const states: { busy: boolean; error: string | null }[] = [];
  const req = createApiRequest(() => handlers, { abortSuperseded });
  req.subscribe(() => states.push({ busy: req.getState().busy, error: req.getState().error?.message ?? null }));
  return { req, states };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('createApiRequest', () => {
  it('is busy (with the arguments in flight) while the request runs, then holds the answer and calls onSuccess with the arguments', async () => {
    const fetches = pendingFetch();
    const onSuccess = vi.fn();
    const { req } = request({ send: (signal, userId: string) => api('PUT /api/follows/users/{userId}', { params: { userId }, signal }), onSuccess }, false);
    const done = req.run('user-7');
    expect(req.getState()).toMatchObject({ busy: true, error: null, data: undefined, pending: ['user-7'] });
    expect(fetches[0]!.url).toBe('/api/follows/users/user-7');
    fetches[0]!.answer(json({ following: true, followerCount: 3 }));
    await done;
    expect(req.getState()).toMatchObject({ busy: false, error: null, data: { following: true, followerCount: 3 }, pending: null });
    expect(onSuccess).toHaveBeenCalledWith({ following: true, followerCount: 3 }, 'user-7');
  });

  it("fails with the error code's message from the server, keeps the field messages, and calls onError", async () => {
    const fetches = pendingFetch();
    const onError = vi.fn();
    const { req, states } = request(
      { send: (signal) => api('DELETE /api/community/threads/{threadId}', { params: { threadId: 't1' }, signal }), onError },
      false,
    );
    const done = req.run();
    fetches[0]!.answer(
      json({ error: { code: 'EDIT_WINDOW_CLOSED', message: 'Posts can be edited for 15 minutes after posting', fields: { body: 'Too late' } } }, 403),
    );
    await done;
    const error = req.getState().error!;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.message, error.status, error.fields]).toEqual([
      'EDIT_WINDOW_CLOSED',
      'Posts can be edited for 15 minutes after posting',
      403,
      { body: 'Too late' },
    ]);
    expect(onError).toHaveBeenCalledWith(error);
    expect(states).toEqual([
      { busy: true, error: null },
      { busy: false, error: 'Posts can be edited for 15 minutes after posting' },
    ]);
  });

  it("says the network failed in the client's words, and anything that is not an ApiError in the one fallback message", async () => {
    const fetches = pendingFetch();
    const { req } = request({ send: (signal) => api('GET /api/products', { query: {}, signal }) }, true);
    const offline = req.run();
    fetches[0]!.fail(new TypeError('Failed to fetch'));
    await offline;
    expect(req.getState().error).toMatchObject({ code: 'NETWORK', message: 'Network error: check your connection and try again.' });

    const broken = request(
      {
        send: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'items')");
        },
      },
      true,
    );
    await broken.req.run();
    expect(broken.req.getState().error).toMatchObject({ code: 'INTERNAL', message: FALLBACK_ERROR_MESSAGE });
    expect(console.warn).toHaveBeenCalledWith('[api] request failed:', expect.any(TypeError));
  });

  it('retries with the last arguments, and clears the error while it runs', async () => {
    const fetches = pendingFetch();
    const { req, states } = request({ send: (signal, cursor: string) => api('GET /api/products', { query: { cursor }, signal }) }, true);
    await req.retry(); // nothing ran yet: nothing to retry
    expect(fetches).toHaveLength(0);
    const first = req.run('c2');
    fetches[0]!.answer(json({ error: { code: 'SERVER_BUSY', message: 'The server is busy right now. Please try again in a moment.' } }, 503));
    await first;
    const again = req.retry();
    expect(fetches[1]!.url).toBe('/api/products?cursor=c2');
    fetches[1]!.answer(json({ items: [], nextCursor: null, corrections: {} }));
    await again;
    expect(states.map((s) => s.error)).toEqual([null, 'The server is busy right now. Please try again in a moment.', null, null]);
    expect(req.getState().data).toEqual({ items: [], nextCursor: null, corrections: {} });
  });

  it('a query: a later run aborts the one in flight, whose outcome is dropped', async () => {
    const fetches = pendingFetch();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const { req } = request({ send: (signal, search: string) => api('GET /api/products', { query: { search }, signal }), onSuccess, onError }, true);
    const first = req.run('cold');
    const second = req.run('cold email');
    expect(fetches[0]!.signal?.aborted).toBe(true);
    fetches[1]!.answer(json({ items: [{ id: 'p2' }], nextCursor: null, corrections: {} }));
    await Promise.all([first, second]);
    expect(req.getState()).toMatchObject({ busy: false, error: null, data: { items: [{ id: 'p2' }] } });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith(expect.anything(), 'cold email');
    expect(onError).not.toHaveBeenCalled();
  });

  it('a mutation: an earlier run is not aborted, and its answer arriving last is ignored', async () => {
    const fetches = pendingFetch();
    const onSuccess = vi.fn();
    const { req } = request(
      {
        send: (signal, on: boolean) =>
          api(on ? 'PUT /api/community/threads/{threadId}/vote' : 'DELETE /api/community/threads/{threadId}/vote', { params: { threadId: 't1' }, signal }),
        onSuccess,
      },
      false,
    );
    const up = req.run(true);
    const down = req.run(false);
    expect(fetches[0]!.signal?.aborted).toBe(false);
    fetches[1]!.answer(json({ voted: false, voteCount: 4 }));
    await down;
    fetches[0]!.answer(json({ voted: true, voteCount: 5 }));
    await up;
    expect(req.getState().data).toEqual({ voted: false, voteCount: 4 });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith({ voted: false, voteCount: 4 }, false);
  });

  it('abort (an island that unmounts) cancels the request in flight: not busy, no error, no callback', async () => {
    const fetches = pendingFetch();
    const onError = vi.fn();
    const { req } = request({ send: (signal) => api('GET /api/community/threads/{threadId}/viewer', { params: { threadId: 't1' }, signal }), onError }, true);
    const done = req.run();
    req.abort();
    await done;
    await settle();
    expect(fetches[0]!.signal?.aborted).toBe(true);
    expect(req.getState()).toMatchObject({ busy: false, error: null, data: undefined });
    expect(onError).not.toHaveBeenCalled();
  });

  it('setData and clearError change the state the island shows', async () => {
    const { req } = request({ send: async () => ({ count: 1 }) }, true);
    await req.run();
    req.setData((data) => (data ? { count: data.count + 1 } : data));
    expect(req.getState().data).toEqual({ count: 2 });
    const failing = request(
      {
        send: async () => {
          throw new ApiError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', 429);
        },
      },
      false,
    );
    await failing.req.run();
    expect(failing.req.getState().error?.code).toBe('RATE_LIMITED');
    failing.req.clearError();
    expect(failing.req.getState().error).toBeNull();
  });
});
