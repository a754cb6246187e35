/**
 * A v5 call as data: its path, what it takes and answers, whether it needs a
 * session, and the error codes it can answer besides the envelope's own
 * (docs/protocol.md#calls). The server defines a handler for an entry, the
 * clients call by it; no call path is written anywhere else.
 */
import type { z } from 'zod';
import type { TCode } from './codes.ts';
import type { TRegion } from './enums.ts';

export type CallContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> = {
  readonly path: string;
  readonly summary: string;
  /** Group in the API document. */
  readonly tag: string;
  /** true: needs a session (`utoken`); answers a session code without one. */
  readonly auth: A;
  /** Regions in which the call exists; both when absent. */
  readonly regions?: readonly TRegion[];
  readonly request: Req;
  readonly response: Res;
  readonly errors: readonly TCode[];
};

export function defineContract<Req extends z.ZodType, Res extends z.ZodType, A extends boolean>(
  call: Omit<CallContract<Req, Res, A>, 'errors'> & { errors?: readonly TCode[] },
): CallContract<Req, Res, A> {
  return { ...call, errors: call.errors ?? [] };
}

/** What a caller sends (before defaults apply). */
export type CallRequest<C extends CallContract> = z.input<C['request']>;
/** What a caller receives. */
export type CallResponse<C extends CallContract> = z.output<C['response']>;
