/**
 * The clock of the rate limits' fixed windows (rate-limit.ts: the write limits and the API-key
 * limit). In the app it is always the real time, Date.now(): nothing outside the tests sets it.
 * A test sets it to put its requests at a known point of a window (a whole burst in one window,
 * an exact Retry-After) instead of waiting for a window to begin, and restores it afterwards.
 * It is a module value rather than an option because routes reach the limits through
 * src/middleware.ts, where a test cannot pass an option.
 */
let testClock: (() => number) | null = null;

/** Milliseconds since the epoch, like Date.now(); the clock a test set, if any. */
export function readClock(): number {
  return testClock ? testClock() : Date.now();
}

/** Tests only: from now on readClock() answers `clock()`; null brings the real clock back. */
export function setClock(clock: (() => number) | null): void {
  testClock = clock;
}
