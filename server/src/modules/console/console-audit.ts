/** The staff audit as the console reads it: a filtered page, or the same rows as CSV. */
import { AUDIT_EXPORT_MAX_ROWS, type TAuditRow } from '@ac/protocol/console/console-shapes';
import { iso } from '../../lib/time.ts';
import type { StaffAuditFilter, StaffAuditRow, StaffAuditService } from '../staff-audit/staff-audit.service.ts';

export type AuditFilterInput = { staffEmail?: string; action?: string; targetId?: string; from?: string; to?: string };

function filterOf(f: AuditFilterInput): StaffAuditFilter {
  const time = (v?: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined);
  return { staffEmail: f.staffEmail, action: f.action, targetId: f.targetId, from: time(f.from), to: time(f.to) };
}

function rowOf(r: StaffAuditRow): TAuditRow {
  return {
    id: r.id,
    at: iso(r.at),
    staffId: r.staffId,
    staffEmail: r.staffEmail,
    role: r.role,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    before: r.before,
    after: r.after,
    ip: r.ip,
  };
}

const CSV_COLUMNS = [
  'at',
  'staffEmail',
  'role',
  'action',
  'targetType',
  'targetId',
  'reason',
  'before',
  'after',
  'ip',
] as const;

/** One CSV field: quoted, quotes doubled; a leading = + - @ is prefixed with ' so a spreadsheet does not run it. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function createConsoleAudit(d: { staffAudit: Pick<StaffAuditService, 'list'> }) {
  return {
    async list(f: AuditFilterInput & { pageNo: number; pageSize: number }) {
      const { rows, total } = await d.staffAudit.list(filterOf(f), {
        offset: (f.pageNo - 1) * f.pageSize,
        limit: f.pageSize,
      });
      return { rows: rows.map(rowOf), total, pageNo: f.pageNo, pageSize: f.pageSize };
    },
    async csv(f: AuditFilterInput) {
      const { rows } = await d.staffAudit.list(filterOf(f), { offset: 0, limit: AUDIT_EXPORT_MAX_ROWS });
      const lines = rows.map(rowOf).map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(','));
      return `${CSV_COLUMNS.join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
    },
  };
}
