import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import type { TBindThirdPartyListResponse, TNeedRegister } from '@ac/protocol/third-party';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { OTHER_EMAIL, startThirdPartyTestbed, type ThirdPartyTestbed } from '../../../test/third-party-support.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

let tb: ThirdPartyTestbed;
beforeAll(async () => {
  tb = await startThirdPartyTestbed();
  expect((await tb.bind(tb.demo, 'alice')).code).toBe(Code.ok);
});
afterAll(() => tb.close());

describe('logging in with the provider', () => {
  it('logs a bound identity in: utoken, userInfo and the ticket cookie', async () => {
    const res = await tb.thirdLogin<TLoginResponse>('alice');
    expect(res.code).toBe(Code.ok);
    expect(res.data.userInfo.email).toBe(DEMO_EMAIL);
    expect(res.cookies.find((c) => c.name === 'gstarsso_ticket')?.value).toBe(res.data.utoken);
    expect((await tb.t.client.call(calls.session.userInfo, {}, { token: res.data.utoken })).code).toBe(Code.ok);
  });

  it('answers needRegister with a ticket for an unbound identity; the ticket binds it once', async () => {
    const res = await tb.thirdLogin('carol');
    expect(res.code).toBe(Code.ok);
    const need = res.data as TNeedRegister;
    expect(need).toMatchObject({
      needRegister: true,
      profile: { name: 'Person carol', email: 'carol@mail.example.com' },
    });
    const byTicket = await tb.t.client.call(
      calls.thirdParty.bindByTicket,
      { ticket: need.ticket },
      { token: tb.other },
    );
    expect(byTicket.code).toBe(Code.ok);
    const again = await tb.t.client.call(calls.thirdParty.bindByTicket, { ticket: need.ticket }, { token: tb.other });
    expect(again.code).toBe(Code.thirdLoginAgain);
    const carol = await tb.thirdLogin<TLoginResponse>('carol');
    expect(carol.data.userInfo.email).toBe(OTHER_EMAIL);
  });

  it('refuses the code in a browser other than the one that started (login CSRF): 0300068', async () => {
    const attacker = await tb.flow('alice');
    expect((await tb.t.client.call(calls.thirdParty.loginWith('google'), attacker.params)).code).toBe(
      Code.thirdLoginAgain,
    );
    const again = await tb.flow('alice');
    const other = await tb.flow('alice');
    const res = await tb.t.client.call(calls.thirdParty.loginWith('google'), again.params, {
      headers: { cookie: other.cookie },
    });
    expect(res.code).toBe(Code.thirdLoginAgain);
  });

  it('lists wx, qq and weibo in the China region, unusable without credentials', async () => {
    const cn = await createTestApp({ region: 'cn', demo: true });
    try {
      const { utoken } = (
        await cn.client.call<TLoginResponse>(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD })
      ).data;
      const res = await cn.client.call<TBindThirdPartyListResponse>(calls.thirdParty.list, {}, { token: utoken });
      expect(res.data.rows.map((r) => [r.type, r.available])).toEqual([
        ['wx', false],
        ['qq', false],
        ['weibo', false],
      ]);
      const wx = await cn.client.call(calls.thirdParty.loginUrl, { type: 'wx', redirect: '/secure/login' });
      expect(wx.code).toBe(Code.thirdTryLater);
      expect((await cn.client.call(calls.thirdParty.loginWith('google'), { code: 'x', state: 'y' })).status).toBe(404);
    } finally {
      await cn.close();
    }
  });

  it('exists only for the providers of the region', async () => {
    expect((await tb.t.client.call(calls.thirdParty.loginWith('wx'), { code: 'x', state: 'y' })).status).toBe(404);
  });

  it('audits logins with the provider type only', async () => {
    const rows = await tb.t.db.select().from(auditLog).where(eq(auditLog.event, 'third.login'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => JSON.stringify(r.detail) === '{"type":"google"}')).toBe(true);
  });
});
