/** A test app with the demo data and the demo user signed in, as the tests of the demo account use it. */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { filledBeforeAll } from './filled-before-all.ts';
import { type TestApp, type TestAppOptions, testAppForTests } from './test-app.ts';

/** Signs in with a password (the demo user's by default) and answers the session token. */
export async function loginToken(t: TestApp, account = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.client.call<TLoginResponse>(calls.session.login, { account, password });
  if (res.code !== Code.ok) throw new Error(`login of ${account}: ${res.code} ${res.msg}`);
  return res.data.utoken;
}

/** For the tests of the file (or describe block): a test app with the demo data (`options` over it) and a session of the demo user. */
export function demoAppForTests(options: TestAppOptions = {}) {
  const t = testAppForTests({ demo: true, ...options });
  const demo = filledBeforeAll(async () => ({ token: await loginToken(t) }));
  return { t, demo };
}
