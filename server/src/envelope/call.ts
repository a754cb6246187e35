/**
 * A v5 call: its path, payload and answer schemas, whether it needs a
 * session, and the handler. The envelope plugin registers calls; modules
 * declare them in their `*.routes.ts`.
 */

import type { TRegion } from '@ac/protocol/enums';
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

export type Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, A extends boolean = boolean> = {
  path: string;
  summary: string;
  tag: string;
  auth: A;
  /** Regions in which the call exists; both when absent. */
  regions?: readonly TRegion[];
  request: Req;
  response: Res;
  /** Per-IP limit for this call (DESIGN §9), shared through Redis when REDIS_URL is set. */
  rateLimit?: {
    max: number;
    timeWindow: string;
    /** Requests this answers true for are not counted (e.g. node-to-node calls carrying NODE_SECRET). */
    allowList?: (req: FastifyRequest) => boolean;
  };
  /** Error codes this call can answer besides the envelope's own. */
  errors?: readonly string[];
  handler: (ctx: CallContext<z.infer<Req>, A>) => Promise<z.input<Res>>;
};

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, A extends boolean>(
  call: Call<Req, Res, A>,
): Call<Req, Res, A> {
  return call;
}
