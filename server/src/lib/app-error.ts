import { catalogue, type TCode } from '@ac/protocol/codes';

/** A failure with a catalogue code; the envelope turns it into `{code, msg}`. */
export class AppError extends Error {
  constructor(
    readonly code: TCode,
    readonly detail?: string,
  ) {
    super(detail ? `${catalogue[code].message}: ${detail}` : catalogue[code].message);
  }
}
