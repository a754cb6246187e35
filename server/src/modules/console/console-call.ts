/**
 * A console call's handler (docs/decisions/0038-operator-console.md), and the plugin that
 * registers every one as `POST <console base>/api<path>`: the address allow list, the staff
 * session, the CSRF check, the session stage, the role's permission, the request schema and, for
 * a money action, the fresh second factor are checked here, in that order, before the handler runs. Refusals are catalogue codes with their
 * HTTP status (a 4xx; never a 5xx): `{code, message}`.
 */
import { Code, catalogue, type TCode } from '@ac/protocol/codes';
import type { ConsoleCall } from '@ac/protocol/console/console-calls';
import { CSRF_HEADER, roleMay } from '@ac/protocol/console/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addressMatcher } from '../../config/addresses.ts';
import { AppError } from '../../lib/app-error.ts';
import { secretsEqual } from '../../lib/hashing.ts';
import { csrfTokenOf, type StaffService, type StaffSession } from '../staff/staff.service.ts';
import type { StaffActor } from '../staff-audit/staff-audit.service.ts';
import type { ConsoleCookie } from './console-cookie.ts';
import type { FreshSecondFactor } from './fresh-second-factor.ts';

export type ConsoleContext = {
  /** The caller's session (absent only for the sign-in call). */
  session: StaffSession | undefined;
  ip: string;
  userAgent: string | undefined;
  reply: FastifyReply;
};

export type BoundConsoleCall = {
  call: ConsoleCall;
  handler: (input: unknown, ctx: ConsoleContext) => Promise<unknown>;
};

export function defineConsoleCall<C extends ConsoleCall>(
  call: C,
  handler: (input: z.output<C['request']>, ctx: ConsoleContext) => Promise<z.input<C['response']>>,
): BoundConsoleCall {
  return { call, handler: handler as BoundConsoleCall['handler'] };
}

/** The session of a call past the stage check; only sign-in has none. */
export function sessionOf(ctx: ConsoleContext): StaffSession {
  if (!ctx.session) throw new AppError(Code.staffSessionRequired);
  return ctx.session;
}

/** Who acts, as the staff audit records it. */
export function actorOf(ctx: ConsoleContext): StaffActor {
  const { staff } = sessionOf(ctx);
  return { staffId: staff.id, email: staff.email, role: staff.role, ip: ctx.ip };
}

type Deps = {
  basePath: string;
  allowedIps: string[] | null;
  staff: Pick<StaffService, 'resolveSession'>;
  cookie: ConsoleCookie;
  /** The money actions' check (fresh-second-factor.ts), for calls declared `freshSecondFactor`. */
  freshSecondFactor: FreshSecondFactor;
  calls: readonly BoundConsoleCall[];
};

/** The console's answer status: the catalogue's, and 400 for a refusal the catalogue answers 200 in the envelope. */
function statusOf(code: TCode): number {
  const status = catalogue[code].status;
  return status >= 400 ? status : 400;
}

export function registerConsoleCalls(app: FastifyInstance, d: Deps) {
  const allowed = d.allowedIps ? addressMatcher(d.allowedIps) : () => true;

  async function check(call: ConsoleCall, req: FastifyRequest): Promise<StaffSession | undefined> {
    if (!allowed(req.ip)) throw new AppError(Code.staffIpNotAllowed);
    // a cross-site form can post text/plain or a form, never application/json without a preflight
    if (!req.headers['content-type']?.toLowerCase().startsWith('application/json')) {
      throw new AppError(Code.staffCsrfRefused, 'application/json only');
    }
    if (call.stage === 'none') return undefined;
    const session = await d.staff.resolveSession(d.cookie.read(req));
    const given = req.headers[CSRF_HEADER];
    if (!call.withoutCsrf && (typeof given !== 'string' || !secretsEqual(given, csrfTokenOf(session.token)))) {
      throw new AppError(Code.staffCsrfRefused);
    }
    if (call.stage === 'full' && !session.session.secondFactorAt) throw new AppError(Code.staffSecondFactorRequired);
    if (call.permission && !roleMay(session.staff.role, call.permission))
      throw new AppError(Code.staffPermissionDenied);
    return session;
  }

  for (const { call, handler } of d.calls) {
    // not in the member API document (/docs): the console's calls are listed in docs/operations.md
    const options = { schema: { hide: true }, ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}) };
    app.post(`${d.basePath}/api${call.path}`, options, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const session = await check(call, req);
        const input = call.request.safeParse(req.body ?? {});
        if (!input.success) {
          const issue = input.error.issues[0];
          throw new AppError(Code.invalidParam, issue ? `${issue.path.join('.')}: ${issue.message}` : undefined);
        }
        if (call.freshSecondFactor && session) {
          const code = (input.data as { secondFactorCode?: string }).secondFactorCode;
          await d.freshSecondFactor(session, code);
        }
        const answer = await handler(input.data, {
          session,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          reply,
        });
        if (call.answer === 'csv') {
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${call.path.split('/').filter(Boolean).join('-')}.csv"`,
            )
            .send(answer);
        }
        return reply.send(call.response.parse(answer));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        if (e.code === Code.staffSessionRequired) d.cookie.clear(reply);
        req.log.info({ code: e.code, reason: e.message }, 'console call refused');
        return reply.status(statusOf(e.code)).send({ code: e.code, message: e.message });
      }
    });
  }
}
