/** A refused call: the answer's catalogue code and message, or a transport failure. */
import { Code } from '@ac/protocol/codes';

export class ApiError extends Error {
  constructor(
    /** The catalogue code (docs/protocol.md#answers-and-error-codes); 0000001 for a transport failure. */
    readonly code: string,
    message: string,
    /** HTTP status of the answer; 0 when none came (network failure, timeout). */
    readonly status = 200,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The catalogue code of any error: unknown failures count as "request failed". */
export function errorCode(error: unknown): string {
  return isApiError(error) ? error.code : Code.requestFailed;
}
