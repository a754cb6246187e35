/**
 * The log grep: real calls carrying every kind of secret (a password, a
 * session token in a URL, activation and reset link ids, a code) go through
 * a server logging at debug level into a buffer; no line holds any of them.
 * Request ids are the server's own; a client's x-request-id is logged
 * beside it as clientRequestId.
 */
import { PassThrough } from 'node:stream';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TLoginResponse } from '@ac/protocol/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCaptcha, sendCode } from '../test/codes-helper.ts';
import { linkToken, registrationForm, STRONG_PASSWORD, waitForMail } from '../test/registration-support.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts';

let t: TestApp;
let logged = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => {
    logged += chunk;
  });
  t = await createTestApp({ demo: true, logStream: stream, adapters: { captcha: fixedCaptcha } });
});
afterAll(() => t?.close());

const basePath = '/account/secure';

describe('server logs', () => {
  it('hold no password, session token, link id or code', async () => {
    const secrets: string[] = [DEMO_PASSWORD, STRONG_PASSWORD];

    // a password login, and a wrong one
    const login = await t.client.call<TLoginResponse>(calls.session.login, {
      account: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(login.code).toBe(Code.ok);
    const { utoken } = login.data;
    secrets.push(utoken);
    expect((await t.client.call(calls.session.login, { account: DEMO_EMAIL, password: 'Wrong-pass-77' })).code).toBe(
      Code.loginFailed,
    );
    secrets.push('Wrong-pass-77');

    // the session token in a URL: a page opened from a CAD client, an avatar upload
    await t.app.inject({ method: 'GET', url: `${basePath}/?utoken=${encodeURIComponent(utoken)}` });
    await t.app.inject({ method: 'POST', url: `${httpPaths.avatarUploads[0]}?utoken=${encodeURIComponent(utoken)}` });

    // an activation link, followed
    const email = 'log-grep@example.com';
    const registered = await t.client.call(
      calls.registration.registerByEmail,
      registrationForm(email, { name: 'Log', region: 'FR' }),
    );
    expect(registered.code).toBe(Code.ok);
    const activation = linkToken((await waitForMail(t.db, email)).body, '/toactivate');
    secrets.push(activation);
    await t.app.inject({ method: 'GET', url: `${basePath}/toactivate/${activation}` });
    expect((await t.client.call(calls.registration.toActivate, { id: activation })).code).toBe(Code.ok);

    // a reset link, followed
    expect((await t.client.call(calls.recovery.sendFindPwdEmail, { email })).code).toBe(Code.ok);
    const reset = linkToken((await waitForMail(t.db, email, 2)).body, '/site/password/reset');
    secrets.push(reset);
    await t.app.inject({ method: 'GET', url: `${basePath}/site/password/reset/${reset}?lang=en` });
    expect((await t.client.call(calls.recovery.checkResetLink, { id: reset })).code).toBe(Code.ok);

    // a code sent, then a code login
    const code = await sendCode(t, { email: DEMO_EMAIL }, 'login');
    secrets.push(code);
    const byCode = await t.client.call(calls.session.loginByCode, { account: DEMO_EMAIL, code });
    expect(byCode.code).toBe(Code.ok);

    expect(logged).toContain('/toactivate/******');
    expect(logged).toContain('/site/password/reset/******');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  it('censor secret fields of a body or payload logged whole, keeping an error’s code', () => {
    t.app.log.warn(
      { body: { password: 'Body-pass-31', code: '314159' }, err: { code: 'ECONNREFUSED' } },
      'a call logged whole',
    );
    const line = logged.split('\n').find((l) => l.includes('a call logged whole'))!;
    expect(line).not.toContain('Body-pass-31');
    expect(line).not.toContain('314159');
    expect(line).toContain('ECONNREFUSED');
  });

  it('use the server’s request id and log the client’s as clientRequestId', async () => {
    const res = await t.client.call(calls.nodes.list, {}, { headers: { 'x-request-id': 'client-chosen-id-42' } });
    expect(res.code).toBe(Code.ok);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const line = logged
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { reqId?: string; clientRequestId?: string })
      .find((l) => l.clientRequestId === 'client-chosen-id-42');
    expect(line?.reqId).toBe(res.headers['x-request-id']);
  });
});
