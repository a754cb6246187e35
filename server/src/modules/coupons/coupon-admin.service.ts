/**
 * Issuing coupons (the admin command line): one with a chosen code, a batch
 * of random codes, grants to users, the list and voiding. Every coupon is
 * checked before anything is written.
 */
import { randomInt } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_RE,
  COUPON_RANDOM_LENGTH,
  normalizeCouponCode,
  type TCouponKind,
} from '@ac/protocol/coupons';
import type { TCurrency } from '@ac/protocol/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { type CouponRow, createCouponsRepo, type NewCoupon } from './coupons.repo.ts';

export const MAX_COUPONS_PER_BATCH = 10_000;
const INSERT_CHUNK = 500;

export type CouponSpec = {
  kind: TCouponKind;
  /** Minor units off (kind amount), in `currency`. */
  amountOff?: number;
  currency?: TCurrency;
  /** Whole percent off, 1-100 (kind percent). */
  percentOff?: number;
  /** Goods codes it applies to; null or empty: all. */
  goodsCodes?: string[] | null;
  validFrom: Date;
  validTo: Date;
  perUserLimit: number;
  /** Uses in all; null: no total limit. */
  totalLimit: number | null;
  audience: 'public' | 'granted';
};

type Deps = { db: Db; products: Pick<ProductsService, 'findGoods'>; audit: AuditService; now?: () => Date };

const bad = (what: string) => new AppError(Code.invalidParam, what);
const positiveInt = (v: number | null | undefined) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

export function randomCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_RANDOM_LENGTH; i++) code += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  return code;
}

export function createCouponAdmin(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createCouponsRepo(d.db);

  async function columnsOf(s: CouponSpec): Promise<Omit<NewCoupon, 'code'>> {
    if (s.kind === 'amount' && (!positiveInt(s.amountOff) || !s.currency)) {
      throw bad('an amount coupon needs --amount (minor units, at least 1) and --currency');
    }
    if (s.kind === 'percent' && (!positiveInt(s.percentOff) || (s.percentOff ?? 0) > 100)) {
      throw bad('a percentage coupon needs --percent between 1 and 100');
    }
    if (Number.isNaN(s.validFrom.getTime()) || Number.isNaN(s.validTo.getTime()) || s.validTo <= s.validFrom) {
      throw bad('the validity must end after it starts');
    }
    if (!positiveInt(s.perUserLimit)) throw bad('--per-user must be at least 1');
    if (s.totalLimit !== null && !positiveInt(s.totalLimit)) throw bad('--total must be at least 1');
    const goodsCodes = s.goodsCodes?.length ? [...new Set(s.goodsCodes)] : null;
    for (const g of goodsCodes ?? []) {
      if (!(await d.products.findGoods(g))) throw new AppError(Code.goodsNotFound, g);
    }
    return {
      kind: s.kind,
      amountOff: s.kind === 'amount' ? s.amountOff : null,
      currency: s.kind === 'amount' ? s.currency : null,
      percentOff: s.kind === 'percent' ? s.percentOff : null,
      goodsCodes,
      validFrom: s.validFrom,
      validTo: s.validTo,
      perUserLimit: s.perUserLimit,
      totalLimit: s.totalLimit,
      audience: s.audience,
      createdAt: now(),
    };
  }

  async function findOrRefuse(code: string): Promise<CouponRow> {
    const row = await repo.findByCode(normalizeCouponCode(code));
    if (!row) throw new AppError(Code.couponInvalid, code);
    return row;
  }

  return {
    /** One coupon with the given code. */
    async create(code: string, spec: CouponSpec): Promise<CouponRow> {
      const normal = normalizeCouponCode(code);
      if (!COUPON_CODE_RE.test(normal)) throw bad('the code must be 3-32 letters and digits');
      const columns = await columnsOf(spec);
      try {
        const [row] = await repo.insertCoupons([{ ...columns, code: normal }]);
        await d.audit.record({ event: 'coupon.created', detail: { code: normal, count: 1 } });
        return row!;
      } catch (e) {
        if (isUniqueViolation(e)) throw bad(`the code ${normal} exists already`);
        throw e;
      }
    },

    /** `count` coupons with random codes, written together or not at all. */
    async batch(count: number, spec: CouponSpec): Promise<CouponRow[]> {
      if (!Number.isInteger(count) || count < 1 || count > MAX_COUPONS_PER_BATCH) {
        throw bad(`--count must be 1-${MAX_COUPONS_PER_BATCH}`);
      }
      const columns = await columnsOf(spec);
      const codes = new Set<string>();
      while (codes.size < count) codes.add(randomCouponCode());
      const rows = await d.db.transaction(async (tx) => {
        const out: CouponRow[] = [];
        const list = [...codes];
        for (let i = 0; i < list.length; i += INSERT_CHUNK) {
          const chunk = list.slice(i, i + INSERT_CHUNK).map((code) => ({ ...columns, code }));
          out.push(...(await createCouponsRepo(tx).insertCoupons(chunk)));
        }
        return out;
      });
      await d.audit.record({ event: 'coupon.created', detail: { count } });
      return rows;
    },

    /** Grants the coupon to a user; false when they held it already. */
    async grant(code: string, userId: string): Promise<{ coupon: CouponRow; added: boolean }> {
      const coupon = await findOrRefuse(code);
      if (coupon.voidedAt) throw new AppError(Code.couponInvalid, `${coupon.code} is void`);
      const added = await repo.grant(coupon.id, userId, now());
      if (added) await d.audit.record({ event: 'coupon.granted', userId, detail: { code: coupon.code } });
      return { coupon, added };
    },

    list: (pageNo: number, limit: number) => repo.listAll((pageNo - 1) * limit, limit),

    /** Voids a coupon: no new use; uses already made stand. */
    async void(code: string): Promise<CouponRow> {
      const row = await repo.voidCoupon(normalizeCouponCode(code), now());
      if (!row) throw new AppError(Code.couponInvalid, code);
      await d.audit.record({ event: 'coupon.voided', detail: { code: row.code } });
      return row;
    },
  };
}
export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
