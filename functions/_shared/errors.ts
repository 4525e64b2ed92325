/**
 * AppError: what services throw; the HTTP wrapper turns it into `{ error: { code, message,
 * fields? } }`. The codes, their statuses and messages are src/shared/error-codes.ts (the
 * browser's typed client reads them too).
 */
import { ERRORS, type ErrorCode } from '@/src/shared/error-codes';

export { ERRORS, type ErrorCode };

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Sent as Retry-After (seconds) with the answer. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>, options: { retryAfterSeconds?: number } = {}) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
