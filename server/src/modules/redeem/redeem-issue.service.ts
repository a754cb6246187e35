/** Issuing and voiding redeem codes (admin command line). */
import { Code } from '@ac/protocol/codes';
import type { TRedeemSource } from '@ac/protocol/enums';
import type { Db } from '../../db/client.ts';
import type { redeemCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { createRedeemRepo, type RedeemCodeRow } from './redeem.repo.ts';
import { generateRedeemCode, newSerialNo } from './redeem-code.ts';
import { assertCodeTransition } from './redeem-state.ts';

export const MAX_CODES_PER_BATCH = 10_000;
const INSERT_CHUNK = 500;
const MAX_ROUNDS = 20;

export type IssueRequest = {
  goodsCode: string;
  count: number;
  /** Membership days the code grants. */
  days: number;
  source: TRedeemSource;
  kind?: 'personal' | 'company';
  /** How long the code can be redeemed, in days from now. */
  validDays?: number;
  ownerUserId?: string | null;
};

type Deps = { db: Db; products: Pick<ProductsService, 'findGoods'>; audit: AuditService; now?: () => Date };

export function createRedeemIssueService(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    async issue(req: IssueRequest): Promise<RedeemCodeRow[]> {
      if (!Number.isInteger(req.count) || req.count < 1 || req.count > MAX_CODES_PER_BATCH) {
        throw new AppError(Code.invalidParam, `count must be 1–${MAX_CODES_PER_BATCH}`);
      }
      if (!Number.isInteger(req.days) || req.days < 1 || req.days > 3650) {
        throw new AppError(Code.invalidParam, 'days must be 1–3650');
      }
      const validDays = req.validDays ?? 365;
      if (!Number.isInteger(validDays) || validDays < 1) throw new AppError(Code.invalidParam, 'validDays');
      if (!(await d.products.findGoods(req.goodsCode))) throw new AppError(Code.goodsNotFound);
      const at = now();
      const row = (): typeof redeemCodes.$inferInsert => ({
        serialNo: newSerialNo(at),
        code: generateRedeemCode(),
        goodsCode: req.goodsCode,
        kind: req.kind ?? 'personal',
        state: 'unused',
        source: req.source,
        durationDays: req.days,
        validFrom: at,
        validTo: addMs(at, validDays * DAY),
        ownerUserId: req.ownerUserId ?? null,
        createdAt: at,
      });
      return d.db.transaction(async (tx) => {
        const repo = createRedeemRepo(tx);
        const issued: RedeemCodeRow[] = [];
        for (let round = 0; issued.length < req.count; round++) {
          if (round >= MAX_ROUNDS) throw new Error('could not draw unique redeem codes');
          const want = Math.min(req.count - issued.length, INSERT_CHUNK);
          issued.push(...(await repo.insertCodes(Array.from({ length: want }, row))));
        }
        await d.audit.record(
          {
            event: 'redeem.issued',
            detail: { goodsCode: req.goodsCode, count: issued.length, days: req.days, source: req.source },
          },
          tx,
        );
        return issued;
      });
    },

    /** unused / preOccupied → void, once. */
    async voidCode(text: string): Promise<RedeemCodeRow> {
      return d.db.transaction(async (tx) => {
        const repo = createRedeemRepo(tx);
        const code = await repo.findByCode(text, { lock: true });
        if (!code) throw new AppError(Code.redeemCodeInvalid);
        assertCodeTransition(code.state, 'void');
        const moved = await repo.moveState(code.serialNo, code.state, 'void');
        if (!moved) throw new AppError(Code.redeemCodeTransitionRefused, undefined, { from: code.state, to: 'void' });
        await d.audit.record({ event: 'redeem.voided', detail: { serialNo: code.serialNo } }, tx);
        return moved;
      });
    },
  };
}
export type RedeemIssueService = ReturnType<typeof createRedeemIssueService>;
