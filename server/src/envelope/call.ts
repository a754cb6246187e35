/**
 * A v5 call as the server answers it: a contract entry of
 * `@ac/protocol/calls` (path, schemas, auth, errors) with this server's
 * handler and per-IP limit. The envelope plugin registers calls; modules
 * define them in their `*.routes.ts` (docs/architecture.md).
 */

import type { CallContract } from '@ac/protocol/contract';
import type { TClientInfo } from '@ac/protocol/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type AuthSession = { sessionId: string; userId: string; token: string };

export type CallContext<P, A extends boolean> = {
  payload: P;
  clientInfo: TClientInfo;
  session: A extends true ? AuthSession : AuthSession | null;
  ip: string;
  requestId: string;
  userAgent: string | undefined;
  reply: FastifyReply;
};

export type CallImplementation<Req extends z.ZodType, Res extends z.ZodType, A extends boolean> = {
  /** Per-IP limit for this call (docs/protocol.md#throttling-and-rate-limits), shared through Redis when REDIS_URL is set. */
  rateLimit?: {
    max: number;
    timeWindow: string;
    /** Requests this answers true for are not counted (e.g. node-to-node calls carrying NODE_SECRET). */
    allowList?: (req: FastifyRequest) => boolean;
  };
  /** Method syntax: a list of calls of different payloads is a `Call[]`. */
  handler(ctx: CallContext<z.infer<Req>, A>): Promise<z.input<Res>>;
};

export type Call<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> = CallContract<Req, Res, A> & CallImplementation<Req, Res, A>;

/** The handler (and limit) for one contract entry. */
export function defineCall<Req extends z.ZodType, Res extends z.ZodType, A extends boolean>(
  contract: CallContract<Req, Res, A>,
  implementation: CallImplementation<Req, Res, A>,
): Call<Req, Res, A> {
  return { ...contract, ...implementation };
}
