/** A staff member's browser against the console's calls through app.inject: the cookie and the CSRF token kept. */
import type { ConsoleCall } from '@ac/protocol/console/console-calls';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { CSRF_HEADER } from '@ac/protocol/console/staff';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/app/services.ts';
import { COMMAND_LINE_ACTOR } from '../src/modules/staff-audit/staff-audit.service.ts';

export const STAFF_PASSWORD = 'Console-2026-pass';
/** The second-factor code the console tests' servers accept (ADMIN_TEST_SECOND_FACTOR_CODE). */
export const TEST_SECOND_FACTOR = '246810';
export const consoleTestEnv = { ADMIN_TEST_SECOND_FACTOR_CODE: TEST_SECOND_FACTOR };

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer of the call it made
export type ConsoleAnswer = { status: number; body: any; cookies: string[]; headers: Record<string, unknown> };

/** `forwardedFor`: an X-Forwarded-For the (trusted) proxy at `remoteAddress` adds. */
export function consoleClient(
  app: FastifyInstance,
  opts: { base?: string; remoteAddress?: string; forwardedFor?: string } = {},
) {
  const base = opts.base ?? '/admin';
  let cookie: string | undefined;
  let csrf: string | undefined;
  async function call(c: ConsoleCall, payload: unknown = {}, o: { csrf?: string | null } = {}): Promise<ConsoleAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cookie) headers.cookie = cookie;
    if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor;
    const token = o.csrf === undefined ? csrf : o.csrf;
    if (token) headers[CSRF_HEADER] = token;
    const res = await app.inject({
      method: 'POST',
      url: `${base}/api${c.path}`,
      headers,
      payload: JSON.stringify(payload),
      remoteAddress: opts.remoteAddress,
    });
    const setCookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const [, value] = pair.split('=');
      cookie = value ? pair : undefined;
    }
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson ? res.json() : res.body;
    if (isJson && typeof body?.csrfToken === 'string') csrf = body.csrfToken;
    return { status: res.statusCode, body, cookies: setCookies, headers: res.headers };
  }
  return {
    call,
    /** Both sign-in steps. */
    async signIn(email: string, password = STAFF_PASSWORD, code = TEST_SECOND_FACTOR) {
      const first = await call(consoleCalls.session.signIn, { email, password });
      if (first.status !== 200) return first;
      return call(consoleCalls.session.secondFactor, { code });
    },
    cookie: () => cookie,
    csrf: () => csrf,
  };
}

/** A staff account of each role, made through the staff service (as `npm run admin -- staff create` does). */
export async function createStaffOfEachRole(s: Services, prefix: string) {
  const out = {} as Record<TStaffRole, string>;
  for (const role of ['support', 'finance', 'sales', 'admin'] as const) {
    const email = `${prefix}-${role}@staff.example.com`;
    await s.staff.create(COMMAND_LINE_ACTOR, { email, name: `${role} ${prefix}`, role, password: STAFF_PASSWORD });
    out[role] = email;
  }
  return out;
}
