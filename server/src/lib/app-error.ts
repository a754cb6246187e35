import { catalogue, formatMessage, type TCode } from '@ac/protocol/codes';

/**
 * A failure with a catalogue code; the envelope turns it into `{code, msg}`.
 * `params` fill the message's `{name}` placeholders (e.g. 2000003's `{status}`).
 */
export class AppError extends Error {
  constructor(
    readonly code: TCode,
    readonly detail?: string,
    readonly params?: Record<string, string | number>,
  ) {
    const message = params ? formatMessage(code, params) : catalogue[code].message;
    super(detail ? `${message}: ${detail}` : message);
  }
}
