/**
 * The security headers of docs/protocol.md#security-rules on the three kinds of answer —
 * the SPA, an API call, the avatar upload and file — over plain http and
 * over https behind a trusted proxy; the session cookie's flags; and
 * cross-site state changes refused while header-less CAD clients pass.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TLoginResponse } from '@ac/protocol/session';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAppForTests } from '../../test/demo-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../seed/demo.ts';
import { HSTS } from './security-headers.ts';

const dist = mkdtempSync(join(tmpdir(), 'ac-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const SPA = '/account/secure/products';
const UPLOAD = httpPaths.avatarUploads[0];

function avatarForm(data: Buffer) {
  const boundary = '----acSecurityHeaders';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The headers every answer carries, whatever its kind. */
function expectCommonHeaders(headers: Record<string, unknown>, https: boolean) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security']).toBe(https ? HSTS : undefined);
}

type Transport = { scheme: string; env: Record<string, string>; forwarded: Record<string, string> };

describe.each<Transport>([
  { scheme: 'http', env: {}, forwarded: {} },
  {
    scheme: 'https behind a trusted proxy',
    env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://account.example.com' },
    forwarded: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
  },
])('over $scheme', ({ scheme, env, forwarded }) => {
  const https = scheme !== 'http';
  let t: TestApp;
  let token: string;
  let login: Awaited<ReturnType<TestApp['client']['call']>>;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, webDist: dist, env });
    login = await t.client.call<TLoginResponse>(
      calls.session.login,
      { account: DEMO_EMAIL, password: DEMO_PASSWORD },
      { headers: forwarded },
    );
    token = (login.data as TLoginResponse).utoken;
  });
  afterAll(() => t.close());

  it('sends the SPA with a CSP it can satisfy: scripts from itself only, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: SPA, headers: forwarded });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, https);
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
      'base-uri': "'self'",
    });
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers API calls, refused or not, with no-store and the same headers', async () => {
    expect(login.code).toBe(Code.ok);
    expect(login.headers['cache-control']).toBe('no-store');
    const info = await t.client.call(calls.session.userInfo, {}, { token, headers: forwarded });
    expect(info.code).toBe(Code.ok);
    expect(info.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(info.headers, https);
    const refused = await t.client.call(calls.session.userInfo, {}, { token: 'not-a-session', headers: forwarded });
    expect(refused.code).toBe(Code.sessionExpired);
    expect(refused.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(refused.headers, https);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, Secure when the site is https', () => {
    const ticket = login.cookies.find((c) => c.name === 'gstarsso_ticket');
    expect(ticket).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 });
    expect(ticket!.secure).toBe(https ? true : undefined);
    expect(ticket!.domain).toBe(https ? '.example.com' : undefined);
  });

  it('answers the avatar upload no-store and serves the (public, random-named) file locked down', async () => {
    const png = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const form = avatarForm(png);
    const up = await t.app.inject({
      method: 'POST',
      url: `${UPLOAD}?utoken=${encodeURIComponent(token)}`,
      payload: form.payload,
      headers: { ...form.headers, ...forwarded },
    });
    expect(up.json()).toMatchObject({ code: Code.ok });
    expect(up.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(up.headers, https);
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(up.json().bizData.favicon).pathname,
      headers: forwarded,
    });
    expect(file.statusCode).toBe(200);
    expectCommonHeaders(file.headers, https);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'");
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent for X-Forwarded-Proto: https from a proxy the server does not trust', async () => {
    const t = await createTestApp({ webDist: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: SPA, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('cross-site state changes', () => {
  const { t, demo } = demoAppForTests();

  const update = (headers: Record<string, string>) =>
    t.client.call(calls.profile.update, { nickName: 'Cross Site' }, { token: demo.token, headers });

  it('refuses a foreign Origin and a browser that says cross-site, with 0000012 and HTTP 403', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await update(headers);
      expect([res.status, res.code], JSON.stringify(headers)).toEqual([403, Code.forbiddenOrigin]);
    }
  });

  it('accepts its own origin, a same-origin browser and a CAD client that sends neither', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://127.0.0.1:8080' },
      { origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      expect((await update(headers)).code, JSON.stringify(headers)).toBe(Code.ok);
    }
  });

  it('refuses a cross-site avatar upload before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${UPLOAD}?utoken=${encodeURIComponent(demo.token)}`,
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect([res.statusCode, res.json().code]).toEqual([403, Code.forbiddenOrigin]);
  });
});
