/**
 * Redeeming codes: preview the confirmation dialog, exchange exactly once
 * (row lock on the code, conditional state change, membership grant and an
 * `exchange` order in one transaction), throttle failed attempts per
 * account, list the account's redeem-code orders.
 */

import { Code } from '@ac/protocol/codes';
import type { TRedeemExchangeResponse, TRedeemOrderRow, TRedeemPreviewResponse } from '@ac/protocol/commerce';
import { OrderStatus, type TCurrency } from '@ac/protocol/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DayPeriod } from '../../db/per-day.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, iso, MINUTE } from '../../lib/time.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { UserService } from '../user/user.service.ts';
import { createRedeemRepo, type RedeemTab } from './redeem.repo.ts';
import { assertMayRedeem, findRedeemable, type RulesDeps } from './redeem-rules.ts';
import { assertCodeTransition } from './redeem-state.ts';
import { toRedeemOrderRow, toRedeemRow } from './redeem-view.ts';

export const REDEEM_MAX_FAILURES = 10;
export const REDEEM_FAILURE_WINDOW_MS = 15 * MINUTE;

type Deps = RulesDeps & {
  db: Db;
  currency: TCurrency;
  users: Pick<UserService, 'lock' | 'findLive'>;
  memberships: Pick<MembershipsService, 'active' | 'grant' | 'vipInfoOf'>;
  orders: Pick<OrdersService, 'insert'>;
  audit: AuditService;
  now?: () => Date;
};
export type RedeemOrigin = Origin;

export function createRedeemService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createRedeemRepo(d.db);

  /** What the code shows as "used by": the account's email, else mobile, else name. */
  async function accountOf(userId: string, tx: DbOrTx) {
    const u = await d.users.findLive(userId, tx);
    return u ? (u.email ?? u.mobile ?? u.name) : null;
  }

  /** Runs `work`, refusing while the account is throttled and counting its refusals. */
  async function throttled<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const failures = await repo.failuresSince(userId, addMs(now(), -REDEEM_FAILURE_WINDOW_MS));
    if (failures >= REDEEM_MAX_FAILURES) throw new AppError(Code.tooManyRequests, 'too many failed redeem attempts');
    try {
      return await work();
    } catch (e) {
      if (e instanceof AppError) await repo.recordFailure(userId, e.code, now());
      throw e;
    }
  }

  return {
    /** Codes redeemed per day of the period (the console's dashboard). */
    redemptionsPerDay: (p: DayPeriod) => repo.redemptionsPerDay(p),
    /** My codes in one tab (unused, used, expired). */
    async list(userId: string, p: { pageNo: number; pageSize: number; state: RedeemTab }) {
      const { pageNo, pageSize, state } = p;
      const at = now();
      const { rows, total } = await repo.listCodes(userId, state, at, {
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      return { rows: rows.map((r) => toRedeemRow(r, at)), total, pageNo, pageSize };
    },

    preview: (userId: string, text: string): Promise<TRedeemPreviewResponse> =>
      throttled(userId, async () => {
        const at = now();
        const { code, goods } = await findRedeemable(d, d.db, text, at, false);
        await assertMayRedeem(d, d.db, userId, code, goods.productType, at);
        return {
          goodsCode: code.goodsCode,
          goodsName: goods.name,
          licenseQty: code.licenseQty,
          externalCollabQty: code.externalCollabQty,
          extraLicenseQty: code.extraLicenseQty,
          extraExternalCollabQty: code.extraExternalCollabQty,
          extraDuration: code.extraDurationDays,
          activationDuration: code.durationDays,
          validTo: iso(code.validTo),
        };
      }),

    exchange: (userId: string, text: string, origin: RedeemOrigin): Promise<TRedeemExchangeResponse> =>
      throttled(userId, () =>
        d.db.transaction(async (tx) => {
          const at = now();
          const { code, goods } = await findRedeemable(d, tx, text, at, true);
          await d.users.lock(userId, tx);
          await assertMayRedeem(d, tx, userId, code, goods.productType, at);
          assertCodeTransition(code.state, 'exchanged');
          const txRepo = createRedeemRepo(tx);
          const granted = await d.memberships.grant(
            {
              userId,
              goodsCode: code.goodsCode,
              days: code.durationDays + code.extraDurationDays,
              sourceType: 'redeem',
              sourceId: code.serialNo,
              now: at,
            },
            tx,
          );
          const order = await d.orders.insert(
            {
              orderNo: newOrderNo(at),
              userId,
              goodsCode: code.goodsCode,
              serviceType: goods.serviceType,
              channel: 'redeem',
              orderType: 'exchange',
              status: OrderStatus.paid,
              currency: d.currency,
              orderAmount: 0,
              payAmount: 0,
              payTime: at,
              startDate: granted.startTime,
              endDate: granted.endTime,
              redeemSerialNo: code.serialNo,
              createdAt: at,
              updatedAt: at,
            },
            tx,
          );
          const moved = await txRepo.moveState(code.serialNo, code.state, 'exchanged', {
            redeemedBy: userId,
            redeemAccount: await accountOf(userId, tx),
            redeemTime: at,
          });
          if (!moved) throw new AppError(Code.redeemCodeUsed);
          await d.audit.record(
            {
              event: 'redeem.exchanged',
              userId,
              ...origin,
              detail: { serialNo: code.serialNo, goodsCode: code.goodsCode, orderNo: order.orderNo },
            },
            tx,
          );
          const vipInfo = await d.memberships.vipInfoOf(userId, code.goodsCode, at, tx);
          if (!vipInfo) throw new Error('membership missing right after its grant');
          return { vipInfo };
        }),
      ),

    async orders(userId: string, page: { pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.listRedeemOrders(userId, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const out: TRedeemOrderRow[] = rows.map(toRedeemOrderRow);
      return { rows: out, total, ...page };
    },

    /** Account deletion: failures go, orders and redeemed codes are detached from the person. */
    forgetUser: (userId: string, tx: DbOrTx) => createRedeemRepo(tx).forgetUser(userId),
    /** Who redeemed or owns a code given in any spelling (the console's user search). */
    async usersOfCode(text: string): Promise<string[]> {
      const code = await repo.findByCode(text, { lock: false });
      return [code?.redeemedBy, code?.ownerUserId].filter((id): id is string => Boolean(id));
    },
  };
}
export type RedeemService = ReturnType<typeof createRedeemService>;
