/** Issuing and voiding redeem codes (admin command line). */
import { Code } from '@ac/protocol/codes';
import type { TRedeemSource } from '@ac/protocol/enums';
import type { Db, Tx } from '../../db/client.ts';
import type { redeemCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { createRedeemRepo, type RedeemBatchRow, type RedeemCodeRow } from './redeem.repo.ts';
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
  /** Who issues the batch: a staff email; default `command-line`. */
  issuedBy?: string;
};

/** Runs in the transaction of a change, after it (the console writes its staff audit row here). */
export type RedeemWithin = (tx: Tx, change: { before: unknown; after: unknown }) => Promise<void>;

type Deps = { db: Db; products: Pick<ProductsService, 'findGoods'>; audit: AuditService; now?: () => Date };

export function createRedeemIssueService(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    /** A batch of `count` new codes, in one transaction with `within`. */
    async issue(
      req: IssueRequest,
      within?: (tx: Tx, batch: RedeemBatchRow) => Promise<void>,
    ): Promise<RedeemCodeRow[]> {
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
      const row = (batchId: string) => (): typeof redeemCodes.$inferInsert => ({
        batchId,
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
        const batch = await repo.insertBatch({
          goodsCode: req.goodsCode,
          kind: req.kind ?? 'personal',
          source: req.source,
          durationDays: req.days,
          quantity: req.count,
          validFrom: at,
          validTo: addMs(at, validDays * DAY),
          issuedBy: req.issuedBy ?? 'command-line',
          createdAt: at,
        });
        const issued: RedeemCodeRow[] = [];
        for (let round = 0; issued.length < req.count; round++) {
          if (round >= MAX_ROUNDS) throw new Error('could not draw unique redeem codes');
          const want = Math.min(req.count - issued.length, INSERT_CHUNK);
          issued.push(...(await repo.insertCodes(Array.from({ length: want }, row(batch.id)))));
        }
        await d.audit.record(
          {
            event: 'redeem.issued',
            detail: { goodsCode: req.goodsCode, count: issued.length, days: req.days, source: req.source },
          },
          tx,
        );
        await within?.(tx, batch);
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

    /** One code (unused or reserved) → abolished, once; `within` in the same transaction. */
    async abolishCode(text: string, within?: RedeemWithin): Promise<RedeemCodeRow> {
      return d.db.transaction(async (tx) => {
        const repo = createRedeemRepo(tx);
        const code = await repo.findByCode(text, { lock: true });
        if (!code) throw new AppError(Code.redeemCodeInvalid);
        assertCodeTransition(code.state, 'abolished');
        const moved = await repo.moveState(code.serialNo, code.state, 'abolished');
        if (!moved)
          throw new AppError(Code.redeemCodeTransitionRefused, undefined, { from: code.state, to: 'abolished' });
        await d.audit.record({ event: 'redeem.abolished', detail: { serialNo: code.serialNo } }, tx);
        await within?.(tx, { before: { state: code.state }, after: { state: moved.state, serialNo: moved.serialNo } });
        return moved;
      });
    },

    /** Every code of the batch not yet redeemed (unused or reserved) → abolished; the redeemed ones stay. */
    async abolishBatch(batchId: string, within?: RedeemWithin): Promise<{ batch: RedeemBatchRow; abolished: number }> {
      return d.db.transaction(async (tx) => {
        const repo = createRedeemRepo(tx);
        const batch = await repo.findBatch(batchId, { lock: true });
        if (!batch) throw new AppError(Code.redeemBatchNotFound);
        if (batch.abolishedAt) throw new AppError(Code.redeemBatchAbolished);
        let abolished = 0;
        for (const code of await repo.codesOfBatch(batchId, { lock: true })) {
          if (code.state !== 'unused' && code.state !== 'preOccupied') continue;
          if (await repo.moveState(code.serialNo, code.state, 'abolished')) abolished++;
        }
        const at = now();
        await repo.markBatchAbolished(batchId, at);
        await d.audit.record({ event: 'redeem.abolished', detail: { batchId, count: abolished } }, tx);
        await within?.(tx, { before: { abolishedAt: null }, after: { abolishedAt: at.toISOString(), abolished } });
        return { batch: { ...batch, abolishedAt: at }, abolished };
      });
    },

    batches: (page: { offset: number; limit: number }) => createRedeemRepo(d.db).listBatches(page),

    async batch(batchId: string) {
      const repo = createRedeemRepo(d.db);
      const batch = await repo.findBatch(batchId, { lock: false });
      if (!batch) throw new AppError(Code.redeemBatchNotFound);
      return { batch, codes: await repo.codesOfBatch(batchId) };
    },

    findCode: (text: string) => createRedeemRepo(d.db).findByCode(text, { lock: false }),
  };
}
export type RedeemIssueService = ReturnType<typeof createRedeemIssueService>;
