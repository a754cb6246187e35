import { calls } from '@ac/protocol/calls';
import type { TRedeemRow } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { describe, expect, it } from 'vitest';
import { demoAppForTests } from '../../../test/demo-app.ts';
import { DEMO_EMAIL, DEMO_UNUSED_CODE } from '../../seed/demo.ts';

const { t, demo } = demoAppForTests();

const tab = async (state: string) =>
  (await t.client.call<TList<TRedeemRow>>(calls.redeem.list, { state }, { token: demo.token })).data.rows;

describe('redeem/list', () => {
  it('unused tab holds the unused and pre-occupied codes within validity', async () => {
    const rows = await tab('unused');
    expect(rows.map((r) => r.code).sort()).toEqual([DEMO_UNUSED_CODE, 'DEMO-UNUSED-0002']);
    expect(rows.find((r) => r.code === DEMO_UNUSED_CODE)).toMatchObject({
      state: 'unused',
      source: 'activityAward',
      goodsName: 'Viewer Premium',
      redeemTime: null,
    });
  });

  it('used tab holds exchanged codes with redeem time and account', async () => {
    const rows = await tab('used');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: 'DEMO-USED-0001', state: 'exchanged', useAccount: DEMO_EMAIL });
    expect(rows[0]!.redeemTime).not.toBeNull();
  });

  it('expired tab holds expired, void and abolished codes', async () => {
    const rows = await tab('expired');
    expect(rows.map((r) => r.state).sort()).toEqual(['abolished', 'expired', 'void']);
  });

  it('defaults to the unused tab and refuses unknown tabs', async () => {
    const res = await t.client.call<TList<TRedeemRow>>(calls.redeem.list, {}, { token: demo.token });
    expect(res.data.total).toBe(2);
    expect((await t.client.call(calls.redeem.list, { state: 'other' }, { token: demo.token })).code).toBe('0000002');
  });
});
