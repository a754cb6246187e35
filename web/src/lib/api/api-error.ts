/** A rejected call: the answer's catalogue code and message (or a transport failure). */
import { Code } from '@ac/protocol/codes';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status when the transport failed (anything but 200). */
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
