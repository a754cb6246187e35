/** A staff member's browser against the console's calls through app.inject: the cookie and the CSRF token kept. */
import type { ConsoleCall } from '@ac/protocol/console/console-calls';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { CSRF_HEADER } from '@ac/protocol/console/staff';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { beforeAll, expect } from 'vitest';
import type { Services } from '../src/app/services.ts';
import { staffAudit } from '../src/db/schema/index.ts';
import { COMMAND_LINE_ACTOR } from '../src/modules/staff-audit/staff-audit.service.ts';
import { type TestApp, testServices } from './test-app.ts';

export const STAFF_PASSWORD = 'Console-2026-pass';

/** A staff member's authenticator app, as the tests hold it: the secret, the last step used, the recovery codes. */
export type StaffApp = { secret: string; lastStep: number; recoveryCodes: string[] };
/** The apps of each test server's staff, by email: the first sign-in enrols, the next ones verify. */
const appsOf = new WeakMap<FastifyInstance, Map<string, StaffApp>>();
export function staffApps(app: FastifyInstance) {
  const apps = appsOf.get(app) ?? new Map<string, StaffApp>();
  appsOf.set(app, apps);
  return apps;
}

const STEP_S = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_S);
/** The code the app shows in time step `step`. */
export const totpAt = (secret: string, step: number) => generateSync({ secret, epoch: step * STEP_S });

/**
 * The next code that works: the app's code of a step after the last one used (each step is taken
 * once; the server accepts one step ahead), else one of the recovery codes.
 */
export function nextCode(staffApp: StaffApp): string {
  const step = Math.max(stepNow(), staffApp.lastStep + 1);
  if (step <= stepNow() + 1) {
    staffApp.lastStep = step;
    return totpAt(staffApp.secret, step);
  }
  const code = staffApp.recoveryCodes.shift();
  if (!code) throw new Error('the test used up this staff member’s codes');
  return code;
}

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
    /**
     * Both sign-in steps: the first sign-in of an account sets up its authenticator app (the
     * codes computed from the secret, as an app does); the next ones prove it.
     */
    async signIn(email: string, password = STAFF_PASSWORD) {
      const first = await call(consoleCalls.session.signIn, { email, password });
      if (first.status !== 200) return first;
      const apps = staffApps(app);
      if (first.body.stage === 'enrolSecondFactor') {
        const start = await call(consoleCalls.session.enrolStart);
        if (start.status !== 200) return start;
        const step = stepNow();
        const confirm = await call(consoleCalls.session.enrolConfirm, { code: totpAt(start.body.secret, step) });
        if (confirm.status !== 200) return confirm;
        apps.set(email.toLowerCase(), {
          secret: start.body.secret,
          lastStep: step,
          recoveryCodes: confirm.body.recoveryCodes,
        });
        return { ...confirm, body: confirm.body.me };
      }
      const staffApp = apps.get(email.toLowerCase());
      if (!staffApp) throw new Error(`no authenticator app of ${email} in this test`);
      return call(consoleCalls.session.secondFactor, { code: nextCode(staffApp) });
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

/**
 * A test file's staff of each role on its app (made before its tests), a console client signed in as
 * one of them, and the staff audit rows of one action on one target.
 */
export function consoleStaffForTests(t: TestApp, prefix: string) {
  const staff = {} as Record<TStaffRole, string>;
  beforeAll(async () => {
    Object.assign(staff, await createStaffOfEachRole(testServices(t), prefix));
  });
  return {
    staff,
    async signedIn(role: TStaffRole) {
      const browser = consoleClient(t.app);
      expect((await browser.signIn(staff[role])).body.stage).toBe('signedIn');
      return browser;
    },
    auditRows: (action: string, targetId: string) =>
      t.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, action), eq(staffAudit.targetId, targetId))),
  };
}
