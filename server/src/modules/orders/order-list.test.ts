import { calls } from '@ac/protocol/calls';
import type { TOrderRow } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import type { TLoginResponse } from '@ac/protocol/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

describe.each(['us', 'cn'] as const)('order/list (%s)', (region) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, region });
    const res = await t.client.call<TLoginResponse>(calls.session.login, {
      account: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    token = res.data.utoken;
  });
  afterAll(() => t.close());

  const list = (payload: object) => t.client.call<TList<TOrderRow>>(calls.orders.list, payload, { token });

  it('lists newest first with paging, in the region currency', async () => {
    const page = await list({ pageNo: 1, pageSize: 4 });
    expect(page.data.total).toBe(6);
    expect(page.data.rows).toHaveLength(4);
    const times = page.data.rows.map((r) => new Date(r.orderTime).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const currency = region === 'us' ? 'USD' : 'CNY';
    expect(page.data.rows.every((r) => r.orderAmount.currency === currency)).toBe(true);
    expect((await list({ pageNo: 2, pageSize: 4 })).data.rows).toHaveLength(2);
  });

  it('filters by status', async () => {
    const paid = await list({ status: 1 });
    expect(paid.data.total).toBe(1);
    expect(paid.data.rows[0]).toMatchObject({ goodsCode: 'ML2', status: 1, payMethod: 2 });
    expect(paid.data.rows[0]!.payTime).not.toBeNull();
  });

  it('refuses an unknown status', async () => {
    expect((await list({ status: 42 })).code).toBe('0000002');
  });
});
