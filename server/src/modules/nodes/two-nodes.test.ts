/**
 * Two real server instances (two databases) listening on 127.0.0.1: each
 * asks the other's getnodeByDealer, so an account registered on one is
 * sent to that node by the other (0300069, then getnodeByDealer).
 */

import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TGetNodeByDealerResponse } from '@ac/protocol/registration';
import type { TServerNode } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadPort, holdPort } from '../../../test/held-port.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';
import { createPeerLookup } from './peer-lookup.ts';

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
const password = 'Tulip-Orbit-42';
const NODE_SECRET = 'a-node-secret-of-at-least-32-characters';

beforeAll(async () => {
  const [portA, portB] = [await holdPort(), await holdPort()];
  urlA = portA.url;
  urlB = portB.url;
  const SERVER_NODES = JSON.stringify([
    { code: 'eu', name: 'Europe', region: 'us', url: urlA },
    { code: 'asia', name: 'Asia', region: 'us', url: urlB },
  ]);
  a = await createTestApp({ demo: true, env: { NODE_CODE: 'eu', PUBLIC_URL: urlA, SERVER_NODES, NODE_SECRET } });
  b = await createTestApp({ env: { NODE_CODE: 'asia', PUBLIC_URL: urlB, SERVER_NODES, NODE_SECRET } });
  await portA.serve(a.app);
  await portB.serve(b.app);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const dealer = (t: TestApp, account: string, localOnly?: boolean, secret?: string) =>
  t.client.call<TGetNodeByDealerResponse>(
    calls.nodes.getNodeByDealer,
    { account, localOnly },
    { headers: secret ? { 'x-node-secret': secret } : {} },
  );

describe('two server nodes', () => {
  it('both list both nodes, each with its web URL', async () => {
    const res = await a.client.call<{ rows: TServerNode[] }>(calls.nodes.list, {});
    expect(res.data.rows).toEqual([
      { code: 'asia', name: 'Asia', region: 'us', url: `${urlB}/account/secure` },
      { code: 'eu', name: 'Europe', region: 'us', url: `${urlA}/account/secure` },
    ]);
  });

  it('an account registered on B is sent to B by A: 0300069 on login and register, then getnodeByDealer', async () => {
    const form = { name: 'Kim', email: 'kim@example.com', password, region: 'KR', agree: true };
    expect((await b.client.call(calls.registration.registerByMobile, form)).code).toBe(Code.ok);

    const login = await a.client.call(calls.session.login, { account: 'KIM@example.com', password });
    expect(login.code).toBe(Code.accountOnOtherNode);
    expect(login.msg).toBe('The account already exists on another node: asia');
    const follow = await dealer(a, 'kim@example.com');
    expect(follow).toMatchObject({
      code: Code.ok,
      data: { node: { code: 'asia', name: 'Asia', url: `${urlB}/account/secure` } },
    });

    expect((await a.client.call(calls.registration.registerByMobile, form)).code).toBe(Code.accountOnOtherNode);
    expect(await a.db.select().from(users).where(eq(users.email, 'kim@example.com'))).toHaveLength(0);
  });

  it('a login or find-password code for B’s account is refused by A with 0300069, and so is a code login', async () => {
    const send = (purpose: string) => a.client.call(calls.codes.sendEmailCode, { email: 'kim@example.com', purpose });
    expect((await send('login')).code).toBe(Code.accountOnOtherNode);
    expect((await send('findPwd')).code).toBe(Code.accountOnOtherNode);
    const byCode = await a.client.call(calls.session.loginByCode, { account: 'kim@example.com', code: '123456' });
    expect(byCode.code).toBe(Code.accountOnOtherNode);
    // A's own and unknown accounts are answered as before
    expect((await a.client.call(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' })).code).toBe(
      Code.ok,
    );
    const unknown = await a.client.call(calls.session.loginByCode, {
      account: 'nobody@example.com',
      code: '654321',
    });
    expect(unknown.code).toBe(Code.codeInvalid);
  });

  it('B sends A’s accounts to A; local and unknown accounts stay where they are asked', async () => {
    const fromB = await b.client.call(calls.session.login, { account: DEMO_EMAIL, password: 'Wrong-pass-1' });
    expect(fromB.code).toBe(Code.accountOnOtherNode);
    const local = await a.client.call(calls.session.login, { account: DEMO_EMAIL, password: 'Wrong-pass-1' });
    expect(local.code).toBe(Code.loginFailed);
    expect((await dealer(a, DEMO_EMAIL)).data.node.code).toBe('eu');
    expect((await dealer(a, 'nobody@example.com')).data.node.code).toBe('eu');
  });

  it('answers node-to-node lookups (NODE_SECRET) from its own accounts only', async () => {
    expect((await dealer(b, 'kim@example.com', true, NODE_SECRET)).data.node.code).toBe('asia');
    expect((await dealer(b, DEMO_EMAIL, true, NODE_SECRET)).code).toBe(Code.accountNotOnNode);
  });

  it('answers `localOnly` without the secret like a lookup, so it cannot list the node’s accounts', async () => {
    const wrong = 'not-the-node-secret-but-just-as-long-as-it';
    for (const secret of [undefined, wrong]) {
      for (const account of ['kim@example.com', DEMO_EMAIL, 'nobody@example.com']) {
        const res = await dealer(b, account, true, secret);
        expect(res.code).toBe(Code.ok);
        expect(res.data.node.code).toBe('asia');
      }
    }
  });
});

describe('an unreachable node', () => {
  it('counts as not knowing the account', async () => {
    const dead = await deadPort();
    const down = dead.url;
    const SERVER_NODES = JSON.stringify([{ code: 'gone', name: 'Gone', region: 'cn', url: down }]);
    const c = await createTestApp({ env: { NODE_CODE: 'solo', SERVER_NODES, NODE_SECRET } });
    try {
      const res = await c.client.call(calls.session.login, { account: 'who@example.com', password });
      expect(res.code).toBe(Code.loginFailed);
      expect((await dealer(c, 'who@example.com')).data.node.code).toBe('solo');
      const rows = await c.client.call<{ rows: TServerNode[] }>(calls.nodes.list, {});
      expect(rows.data.rows.map((r) => [r.code, r.url])).toEqual([
        ['gone', `${down}/secure`],
        ['solo', 'http://127.0.0.1:8080/account/secure'],
      ]);
    } finally {
      await c.close();
      await dead.close();
    }
  });
});

describe('nodes sharing NODE_SECRET', () => {
  let c: TestApp;
  let d: TestApp;
  let urlD: string;
  beforeAll(async () => {
    const [portC, portD] = [await holdPort(), await holdPort()];
    urlD = portD.url;
    const SERVER_NODES = JSON.stringify([
      { code: 'c', name: 'C', region: 'us', url: portC.url },
      { code: 'd', name: 'D', region: 'us', url: portD.url },
    ]);
    const env = (code: string, url: string) => ({
      NODE_CODE: code,
      PUBLIC_URL: url,
      SERVER_NODES,
      NODE_SECRET,
    });
    c = await createTestApp({ env: env('c', portC.url) });
    d = await createTestApp({ env: env('d', portD.url) });
    await portC.serve(c.app);
    await portD.serve(d.app);
    const form = { name: 'Lee', email: 'lee@example.com', password, region: 'KR', agree: true };
    expect((await d.client.call(calls.registration.registerByMobile, form)).code).toBe(Code.ok);
  });
  afterAll(async () => {
    await c?.close();
    await d?.close();
  });

  it('asks its peer past the per-IP limit of getnodeByDealer: every lookup still finds the node', async () => {
    const ask = createPeerLookup({ code: 'd', apiBase: urlD, secret: NODE_SECRET }, c.app.log);
    const found = [];
    for (let i = 0; i < 14; i++) found.push((await ask('lee@example.com'))?.code);
    expect(found).toEqual(Array(14).fill('d'));
    const login = await c.client.call(calls.session.login, { account: 'lee@example.com', password });
    expect(login.code).toBe(Code.accountOnOtherNode);
  });

  it('keeps the limit for callers without the secret or with a wrong one', async () => {
    const headers = { 'x-node-secret': 'not-the-node-secret-but-just-as-long-as-it' };
    const codes = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await d.client.call(calls.nodes.getNodeByDealer, { account: 'x@example.com' }, { headers })).code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(Code.ok));
    expect(codes.slice(10)).toEqual([Code.tooManyRequests, Code.tooManyRequests]);
  });
});
