import { ERROR_CODES, type ErrorCode } from '@shelfwise/contract';

/**
 * A domain error with a stable code. The HTTP status comes from the code (mapped once, in the contract);
 * the message is translated at the edge from the code and `params`.
 */
export class AppError extends Error {
  status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    /** Field path -> message keys or texts, for validation-like errors. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(code);
    this.status = ERROR_CODES[code];
  }
}

/** Shorthand for "no such record" (also what another tenant's id gets). */
export const notFound = (what = 'record') => new AppError('notFound', { what });
