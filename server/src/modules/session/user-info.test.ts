import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TMyProduct } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import type { TDeviceRow } from '@ac/protocol/devices';
import type { TCompanyInfo, TUserInfoResponse } from '@ac/protocol/session';
import { describe, expect, it } from 'vitest';
import { demoAppForTests } from '../../../test/demo-app.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';
import { GIB } from '../memberships/memberships.service.ts';

const { t, demo } = demoAppForTests();

describe('user info and what hangs off it', () => {
  it('userInfo returns the user, storage and the current membership', async () => {
    const res = await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: demo.token });
    expect(res.code).toBe(Code.ok);
    expect(res.data.utoken).toBe(demo.token);
    expect(res.data.userInfo).toMatchObject({ email: DEMO_EMAIL, vipType: 'premium', isActivate: 1 });
    expect(res.data.userInfo.lastLoginTime).not.toBeNull();
    expect(res.data.vipInfo).toMatchObject({ goodsCode: 'ML2', accountType: 'premium' });
    expect(new Date(res.data.vipInfo!.endTime).getTime()).toBeGreaterThan(Date.now());
    expect(res.data.storage).toEqual({
      total: 6 * GIB,
      used: 734_003_200,
      surplus: 6 * GIB - 734_003_200,
      free: GIB,
      overQuota: false,
    });
  });

  it('product/mine lists every membership product with its expiry', async () => {
    const res = await t.client.call<{ rows: TMyProduct[] }>(calls.memberships.mine, {}, { token: demo.token });
    expect(res.data.rows.map((r) => r.goodsCode).sort()).toEqual(['ML1', 'ML2', 'ML_S1']);
    const ml1 = res.data.rows.find((r) => r.goodsCode === 'ML1')!;
    expect(new Date(ml1.expireTime).getTime()).toBeLessThan(Date.now());
  });

  it('getCompanyInfoByToken returns the company and role', async () => {
    const res = await t.client.call<TCompanyInfo>(calls.company.companyInfo, {}, { token: demo.token });
    expect(res.data).toMatchObject({ companyName: 'Demo Engineering Ltd.', role: 'owner', freezeStatus: 'normal' });
  });

  it('device/list pages through the devices', async () => {
    const res = await t.client.call<TList<TDeviceRow>>(
      calls.devices.list,
      { pageNo: 1, pageSize: 1 },
      { token: demo.token },
    );
    expect(res.data.total).toBe(2);
    expect(res.data.rows).toHaveLength(1);
    expect(res.data.rows[0]).toMatchObject({ name: 'DESIGN-WS-01', status: 'bound' });
    const page2 = await t.client.call<TList<TDeviceRow>>(
      calls.devices.list,
      { pageNo: 2, pageSize: 1 },
      { token: demo.token },
    );
    expect(page2.data.rows[0]).toMatchObject({ status: 'unbound' });
  });

  it('refuses paging out of range with 0000002', async () => {
    const res = await t.client.call(calls.devices.list, { pageNo: 0, pageSize: 500 }, { token: demo.token });
    expect(res.code).toBe(Code.invalidParam);
    expect(res.msg).toMatch(/pageNo/);
  });

  it('every auth call answers 0000005 without a session', async () => {
    for (const path of [
      calls.session.userInfo,
      calls.company.companyInfo,
      calls.memberships.mine,
      calls.orders.list,
      calls.redeem.list,
      calls.devices.list,
      calls.session.logout,
    ]) {
      expect((await t.client.call(path, {})).code, path.path).toBe(Code.sessionExpired);
    }
  });

  it('serverNode/list lists this node', async () => {
    const res = await t.client.call<{ rows: unknown[] }>(calls.nodes.list, {});
    expect(res.data.rows).toEqual([
      { code: 'us', name: 'International', region: 'us', url: 'http://127.0.0.1:8080/account/secure' },
    ]);
  });
});
