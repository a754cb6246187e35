/** The demo data of docs/product.md#data (never in production). */
import { OrderStatus, regionSettings, type TRegion } from '@ac/protocol/enums';
import type { Db } from '../db/client.ts';
import {
  companies,
  companyMembers,
  companySeats,
  devices,
  memberships,
  orders,
  redeemCodes,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/hashing.ts';
import { addMs, DAY } from '../lib/time.ts';
import { catalogueRows } from './catalogue.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-2026-pass';
export const DEMO_MOBILE = '+8613800000000';
export const DEMO_UNUSED_CODE = 'DEMO-UNUSED-0001';

export async function seedDemo(db: Db, region: TRegion) {
  const now = new Date();
  const currency = regionSettings[region].currency;
  const price = (code: string) => {
    const g = catalogueRows().find((r) => r.code === code)!;
    return currency === 'USD' ? g.priceUsd : g.priceCny;
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(users)
      .values({
        name: 'demo',
        nickName: 'Demo User',
        email: DEMO_EMAIL,
        mobile: DEMO_MOBILE,
        passwordHash,
        isActivate: true,
        location: region === 'cn' ? 'CN' : 'US',
        company: 'Demo Engineering Ltd.',
        position: 'designer',
        storageUsed: 734_003_200,
        registerDate: addMs(now, -400 * DAY),
      })
      .returning({ id: users.id });
    const userId = demo!.id;

    const [company] = await tx
      .insert(companies)
      .values({ name: 'Demo Engineering Ltd.', endTime: addMs(now, 300 * DAY) })
      .returning({ id: companies.id });
    await tx.insert(companyMembers).values({ companyId: company!.id, userId, role: 'owner' });
    // seats for the demo owner to assign (docs/product.md#enterprise)
    await tx.insert(companySeats).values([
      { companyId: company!.id, goodsCode: 'ML4', total: 5 },
      { companyId: company!.id, goodsCode: 'ML2', total: 3 },
    ]);

    const day = (n: number) => addMs(now, n * DAY);
    const order = (
      no: string,
      goodsCode: string,
      status: number,
      created: Date,
      extra: Partial<typeof orders.$inferInsert> = {},
    ): typeof orders.$inferInsert => ({
      orderNo: no,
      userId,
      goodsCode,
      serviceType: goodsCode === 'MS' ? 'toolKit' : 'membership',
      channel: 'web',
      orderType: 'manualReplenishment',
      status,
      currency,
      orderAmount: price(goodsCode),
      payAmount: price(goodsCode),
      createdAt: created,
      updatedAt: created,
      ...extra,
    });
    await tx.insert(orders).values([
      order('AC2026000000000001', 'ML2', 1, day(-165), {
        payMethod: 2,
        payTime: day(-165),
        startDate: day(-165),
        endDate: day(200),
      }),
      order('AC2026000000000002', 'ML1', 3, day(-400), {
        payMethod: 3,
        payTime: day(-400),
        startDate: day(-400),
        endDate: day(-35),
        orderType: 'automatic',
      }),
      order('AC2026000000000003', 'ML3', 0, day(-1), { payAmount: 0 }),
      order('AC2026000000000004', 'MS', 2, day(-20), { payAmount: 0 }),
      order('AC2026000000000005', 'ML5', 5, day(-60), {
        payMethod: 2,
        payTime: day(-60),
        refundAmount: price('ML5'),
        orderType: 'renewal',
      }),
      order('AC2026000000000006', 'ML_LT1', 6, day(-2), { payMethod: 3, payAmount: 0 }),
    ]);
    await tx.insert(memberships).values([
      {
        userId,
        goodsCode: 'ML2',
        sourceType: 'order',
        sourceId: 'AC2026000000000001',
        startTime: day(-165),
        endTime: day(200),
      },
      {
        userId,
        goodsCode: 'ML1',
        sourceType: 'order',
        sourceId: 'AC2026000000000002',
        startTime: day(-400),
        endTime: day(-35),
      },
      {
        userId,
        goodsCode: 'ML_S1',
        sourceType: 'redeem',
        sourceId: 'S2026000003',
        startTime: day(-30),
        endTime: day(335),
      },
    ]);

    const code = (
      serialNo: string,
      codeText: string,
      goodsCode: string,
      state: (typeof redeemCodes.$inferInsert)['state'],
      extra: Partial<typeof redeemCodes.$inferInsert> = {},
    ): typeof redeemCodes.$inferInsert => ({
      serialNo,
      code: codeText,
      goodsCode,
      state,
      source: 'systemRelease',
      durationDays: 365,
      validFrom: day(-90),
      validTo: day(275),
      ownerUserId: userId,
      ...extra,
    });
    await tx.insert(redeemCodes).values([
      code('S2026000001', DEMO_UNUSED_CODE, 'ML2', 'unused', { source: 'activityAward' }),
      code('S2026000002', 'DEMO-UNUSED-0002', 'ML1', 'preOccupied', {
        source: 'paidPurchase',
        redeemOrderNo: 'RC2026000000000001',
      }),
      code('S2026000003', 'DEMO-USED-0001', 'ML_S1', 'exchanged', {
        source: 'freeGift',
        redeemedBy: userId,
        redeemAccount: DEMO_EMAIL,
        redeemTime: day(-30),
      }),
      code('S2026000004', 'DEMO-EXPIRED-0001', 'ML2', 'expired', { validFrom: day(-400), validTo: day(-10) }),
      code('S2026000005', 'DEMO-VOID-0001', 'ML1', 'void', {
        source: 'paidPurchase',
        redeemOrderNo: 'RC2026000000000001',
      }),
      code('S2026000006', 'DEMO-ABOLISHED-0001', 'MS', 'abolished'),
    ]);
    await tx.insert(orders).values({
      orderNo: 'RC2026000000000001',
      userId,
      goodsCode: 'ML1',
      quantity: 2,
      serviceType: 'membership',
      channel: 'web',
      orderType: 'redeemCodes',
      status: OrderStatus.partiallyRefunded,
      currency,
      orderAmount: price('ML1') * 2,
      payAmount: price('ML1') * 2,
      refundAmount: price('ML1'),
      payTime: day(-50),
      codeDays: 365,
      createdAt: day(-50),
      updatedAt: day(-50),
    });
    await tx.insert(devices).values([
      {
        userId,
        name: 'DESIGN-WS-01',
        model: 'Windows 11 Pro',
        mac: '3C:52:82:1A:4F:07',
        uuid: '8d1f0c4e-6a53-4b8e-9a0e-1f2d3c4b5a60',
        lastIp: '203.0.113.24',
        lastTime: day(-1),
        clientVersion: '2026.1.3',
        status: 'bound',
      },
      {
        userId,
        name: 'Demo iPad',
        model: 'iPadOS 19',
        mac: '02:00:00:00:00:00',
        uuid: 'b3a1e2d4-7c6f-4e21-8a9b-0c1d2e3f4a5b',
        lastIp: '198.51.100.7',
        lastTime: day(-12),
        clientVersion: '5.8.0',
        status: 'unbound',
      },
    ]);
  });
}
