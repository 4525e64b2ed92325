/**
 * Even timing for the auth answers that must not tell whether an address has an account
 * (sign-up, password-reset requests; issue 29, docs/decisions/053). Used by handleAuthRequest
 * in functions/auth/auth.ts, one instance per process.
 *
 * Keeps the answers of a path as slow for an address with an account as for one without
 * (issue 29: a reset request took 15.4 ms for an existing address and 10.0 ms for an unknown
 * one). The work differs (a reset sends an email only to an account), so each answer waits
 * until the longer of the two kinds' recent average duration has passed: both then end at
 * about the same time, and the difference is in no answer. Only successful answers are
 * evened: a refused one (a bad address, a rate limit) depends on the input, not the account.
 */
export class EvenTiming {
  private readonly averages = new Map<string, number>();

  /** How long an answer of `path` that took `elapsedMs` still waits; records the duration. */
  waitFor(path: string, accountExists: boolean, elapsedMs: number): number {
    const key = `${path} ${accountExists}`;
    const previous = this.averages.get(key);
    this.averages.set(key, previous === undefined ? elapsedMs : previous * 0.8 + elapsedMs * 0.2);
    const target = Math.max(this.averages.get(`${path} true`) ?? 0, this.averages.get(`${path} false`) ?? 0);
    return Math.max(0, target - elapsedMs);
  }
}
