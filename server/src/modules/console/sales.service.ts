/**
 * What sales do from the console (docs/operations.md#companies): find companies, create one with
 * its seats and an owner invitation mailed to its admin e-mail, change seats and end date, freeze
 * and unfreeze, read its members, roles and open invitations. The company service does the work
 * (the admin command line's `companies …` calls the same); each change writes its staff audit row
 * in the change's transaction (the service's `within` hook).
 */

import { Code } from '@ac/protocol/codes';
import type { TConsoleCompany, TRedeemBatch } from '@ac/protocol/console/sales-shapes';
import type { TRedeemSource } from '@ac/protocol/enums';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { iso } from '../../lib/time.ts';
import type { CompanyRow } from '../company/company.repo.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { RedeemBatchRow, RedeemCodeRow } from '../redeem/redeem.repo.ts';
import type { RedeemIssueService } from '../redeem/redeem-issue.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import { csvField } from './console-audit.ts';

type Deps = {
  companies: Pick<CompanyService, 'admin'>;
  redeemIssue: Pick<RedeemIssueService, 'issue' | 'batches' | 'batch' | 'abolishBatch' | 'abolishCode' | 'findCode'>;
  staffAudit: Pick<StaffAuditService, 'record' | 'list'>;
};

function batchOf(b: RedeemBatchRow, states: Record<string, number>): TRedeemBatch {
  return {
    id: b.id,
    goodsCode: b.goodsCode,
    kind: b.kind,
    source: b.source,
    durationDays: b.durationDays,
    quantity: b.quantity,
    validFrom: iso(b.validFrom)!,
    validTo: iso(b.validTo)!,
    issuedBy: b.issuedBy,
    abolishedAt: iso(b.abolishedAt),
    createdAt: iso(b.createdAt)!,
    states,
  };
}

const statesOf = (codes: { state: string }[]) => {
  const out: Record<string, number> = {};
  for (const c of codes) out[c.state] = (out[c.state] ?? 0) + 1;
  return out;
};

function codeOf(c: RedeemCodeRow) {
  return {
    serialNo: c.serialNo,
    code: c.code,
    goodsCode: c.goodsCode,
    kind: c.kind,
    state: c.state,
    source: c.source,
    durationDays: c.durationDays,
    validFrom: iso(c.validFrom)!,
    validTo: iso(c.validTo)!,
    batchId: c.batchId,
    redeemedBy: c.redeemedBy,
    redeemAccount: c.redeemAccount,
    redeemTime: iso(c.redeemTime),
    redeemOrderNo: c.redeemOrderNo,
    createdAt: iso(c.createdAt)!,
  };
}

const BATCH_CSV_COLUMNS = ['serialNo', 'code', 'goodsCode', 'kind', 'days', 'source', 'validFrom', 'validTo', 'state'];

type Seat = { goodsCode: string; total: number };

function companyOf(
  c: CompanyRow,
  extra: { memberCount: number; seats: { goodsCode: string; total: number; used: number }[]; granting: boolean },
): TConsoleCompany {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    freezeStatus: c.freezeStatus,
    endTime: iso(c.endTime)!,
    createdAt: iso(c.createdAt)!,
    granting: extra.granting,
    memberCount: extra.memberCount,
    seats: extra.seats,
  };
}

/** A date alone is the end of that day (UTC), as the command line reads --end. */
function endTimeOf(value: string): Date {
  return new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value);
}

export function createSalesConsole(d: Deps) {
  const admin = d.companies.admin;

  async function answer(companyId: string) {
    const found = await admin.find(companyId);
    return { company: companyOf(found.company, found) };
  }

  /** The company's change and its audit row, in one transaction. */
  function audited(actor: StaffActor, action: string, reason: string) {
    return async (tx: Tx, c: { companyId: string; before: unknown; after: unknown }) => {
      await d.staffAudit.record(
        actor,
        { action, targetType: 'company', targetId: c.companyId, reason, before: c.before, after: c.after },
        tx,
      );
    };
  }

  return {
    async search(p: { query?: string; pageNo: number; pageSize: number }) {
      const { rows, total } = await admin.search(p.query || undefined, {
        offset: (p.pageNo - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { rows: rows.map((r) => companyOf(r.company, r)), total, pageNo: p.pageNo, pageSize: p.pageSize };
    },

    async detail(companyId: string) {
      const [{ company }, { rows, invitations }] = await Promise.all([answer(companyId), admin.members(companyId)]);
      return {
        company,
        members: rows.map((m) => ({ ...m, joinedAt: m.joinedAt ?? '' })),
        invitations: invitations.map((i) => ({ ...i, createdAt: i.createdAt ?? '', expiresAt: i.expiresAt ?? '' })),
      };
    },

    async create(
      actor: StaffActor,
      p: { name: string; adminEmail: string; seats: Seat[]; endTime: string; reason: string },
    ) {
      const company = await admin.createWithOwner(
        { name: p.name, endTime: endTimeOf(p.endTime), seats: p.seats, ownerEmail: p.adminEmail },
        async (tx, c) =>
          audited(actor, 'company.create', p.reason)(tx, { ...c, after: { ...c.after, adminEmail: p.adminEmail } }),
      );
      return answer(company.id);
    },

    async update(actor: StaffActor, p: { companyId: string; seats?: Seat[]; endTime?: string; reason: string }) {
      await admin.change(
        p.companyId,
        { seats: p.seats, ...(p.endTime ? { endTime: endTimeOf(p.endTime) } : {}) },
        audited(actor, 'company.update', p.reason),
      );
      return answer(p.companyId);
    },

    async setFrozen(actor: StaffActor, p: { companyId: string; reason: string }, frozen: boolean) {
      await admin.change(
        p.companyId,
        { freezeStatus: frozen ? 'frozen' : 'normal' },
        audited(actor, frozen ? 'company.freeze' : 'company.unfreeze', p.reason),
      );
      return answer(p.companyId);
    },

    /** Closed: status `closed` (its seats grant nothing, as the command line's `companies set --status closed`); reopened: `active`. */
    async setClosed(actor: StaffActor, p: { companyId: string; reason: string }, closed: boolean) {
      await admin.change(
        p.companyId,
        { status: closed ? 'closed' : 'active' },
        audited(actor, closed ? 'company.close' : 'company.reopen', p.reason),
      );
      return answer(p.companyId);
    },

    // ---- redeem-code batches

    async batches(p: { pageNo: number; pageSize: number }) {
      const { rows, counts, total } = await d.redeemIssue.batches({
        offset: (p.pageNo - 1) * p.pageSize,
        limit: p.pageSize,
      });
      const states = new Map<string, Record<string, number>>();
      for (const c of counts) {
        if (!c.batchId) continue;
        states.set(c.batchId, { ...states.get(c.batchId), [c.state]: Number(c.n) });
      }
      return {
        rows: rows.map((b) => batchOf(b, states.get(b.id) ?? {})),
        total,
        pageNo: p.pageNo,
        pageSize: p.pageSize,
      };
    },

    async createBatch(
      actor: StaffActor,
      p: {
        goodsCode: string;
        durationDays: number;
        quantity: number;
        source: TRedeemSource;
        kind: 'personal' | 'company';
        validDays: number;
        reason: string;
      },
    ) {
      const issued = await d.redeemIssue.issue(
        {
          goodsCode: p.goodsCode,
          count: p.quantity,
          days: p.durationDays,
          source: p.source,
          kind: p.kind,
          validDays: p.validDays,
          issuedBy: actor.email,
        },
        (tx, batch) =>
          d.staffAudit
            .record(
              actor,
              {
                action: 'redeem.createBatch',
                targetType: 'redeemBatch',
                targetId: batch.id,
                reason: p.reason,
                after: {
                  goodsCode: p.goodsCode,
                  durationDays: p.durationDays,
                  quantity: p.quantity,
                  source: p.source,
                  kind: p.kind,
                  validTo: iso(batch.validTo),
                },
              },
              tx,
            )
            .then(() => undefined),
      );
      const { batch, codes } = await d.redeemIssue.batch(issued[0]!.batchId!);
      return { batch: batchOf(batch, statesOf(codes)) };
    },

    async exportBatch(batchId: string) {
      const { codes } = await d.redeemIssue.batch(batchId);
      const lines = codes.map((c) =>
        [c.serialNo, c.code, c.goodsCode, c.kind, c.durationDays, c.source, iso(c.validFrom), iso(c.validTo), c.state]
          .map(csvField)
          .join(','),
      );
      return `${BATCH_CSV_COLUMNS.join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
    },

    async abolishBatch(actor: StaffActor, p: { batchId: string; reason: string }) {
      const { abolished } = await d.redeemIssue.abolishBatch(p.batchId, (tx, c) =>
        d.staffAudit
          .record(
            actor,
            {
              action: 'redeem.abolishBatch',
              targetType: 'redeemBatch',
              targetId: p.batchId,
              reason: p.reason,
              ...c,
            },
            tx,
          )
          .then(() => undefined),
      );
      const { batch, codes } = await d.redeemIssue.batch(p.batchId);
      return { batch: batchOf(batch, statesOf(codes)), abolished };
    },

    async abolishCode(actor: StaffActor, p: { code: string; reason: string }) {
      const moved = await d.redeemIssue.abolishCode(p.code, async (tx, c) => {
        const after = c.after as { serialNo: string };
        await d.staffAudit.record(
          actor,
          {
            action: 'redeem.abolishCode',
            targetType: 'redeemCode',
            targetId: after.serialNo,
            reason: p.reason,
            ...c,
          },
          tx,
        );
      });
      return { code: codeOf(moved) };
    },

    async history(text: string) {
      const c = await d.redeemIssue.findCode(text);
      if (!c) throw new AppError(Code.redeemCodeInvalid);
      const page = { offset: 0, limit: 100 };
      const [own, ofBatch, batch] = await Promise.all([
        d.staffAudit.list({ targetId: c.serialNo }, page),
        c.batchId ? d.staffAudit.list({ targetId: c.batchId }, page) : Promise.resolve({ rows: [] }),
        c.batchId ? d.redeemIssue.batch(c.batchId).then((b) => b.batch) : Promise.resolve(null),
      ]);
      type Event = { at: string; what: string; by: string | null; detail: string | null };
      const events: Event[] = [
        batch
          ? { at: iso(c.createdAt)!, what: 'issued', by: batch.issuedBy, detail: `batch ${batch.id}` }
          : { at: iso(c.createdAt)!, what: c.redeemOrderNo ? 'bought' : 'issued', by: null, detail: c.redeemOrderNo },
      ];
      if (c.handedAt) events.push({ at: iso(c.handedAt)!, what: 'handed', by: null, detail: c.handedTo });
      if (c.redeemTime) events.push({ at: iso(c.redeemTime)!, what: 'redeemed', by: c.redeemAccount, detail: null });
      for (const r of [...own.rows, ...ofBatch.rows]) {
        events.push({ at: iso(r.at)!, what: r.action, by: r.staffEmail, detail: r.reason });
      }
      events.sort((a, b) => a.at.localeCompare(b.at));
      return { code: codeOf(c), events };
    },
  };
}
export type SalesConsole = ReturnType<typeof createSalesConsole>;
