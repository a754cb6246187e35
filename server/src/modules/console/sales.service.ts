/**
 * What sales do from the console (docs/operations.md#companies): find companies, create one with
 * its seats and an owner invitation mailed to its admin e-mail, change seats and end date, freeze
 * and unfreeze, read its members, roles and open invitations. The company service does the work
 * (the admin command line's `companies …` calls the same); each change writes its staff audit row
 * in the change's transaction (the service's `within` hook).
 */
import type { TConsoleCompany } from '@ac/protocol/console/sales-shapes';
import type { Tx } from '../../db/client.ts';
import { iso } from '../../lib/time.ts';
import type { CompanyRow } from '../company/company.repo.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';

type Deps = {
  companies: Pick<CompanyService, 'admin'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
};

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
  };
}
export type SalesConsole = ReturnType<typeof createSalesConsole>;
