/**
 * Saved invoice titles: list (default first), add, replace, delete, set the
 * default. A company title needs its tax number (titleRuleViolation); at
 * most one default per account (unique partial index) and at most
 * INVOICE_RULES.maxTitles titles.
 */
import { Code } from '@ac/protocol/codes';
import {
  INVOICE_RULES,
  type TInvoiceTitle,
  type TInvoiceTitleSaveRequest,
  titleRuleViolation,
  ZInvoiceTitleSaveRequest,
} from '@ac/protocol/invoice';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import { createInvoiceRepo } from './invoice.repo.ts';
import { toTitle } from './invoice-view.ts';

type Deps = { db: Db; audit: AuditService; now?: () => Date };

export function createInvoiceTitlesService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createInvoiceRepo(tx ?? d.db);

  return {
    async list(userId: string): Promise<{ rows: TInvoiceTitle[] }> {
      return { rows: (await repo().listTitles(userId)).map(toTitle) };
    },

    async save(userId: string, input: TInvoiceTitleSaveRequest, origin: Origin): Promise<TInvoiceTitle> {
      const { id, isDefault, ...fields } = ZInvoiceTitleSaveRequest.parse(input);
      const code = titleRuleViolation(fields);
      if (code) throw new AppError(code);
      const values = { ...fields, taxNo: fields.kind === 'company' ? fields.taxNo : '', updatedAt: now() };
      const saved = await d.db.transaction(async (tx) => {
        const r = repo(tx);
        if (id && !(await r.findTitle(id, userId))) throw new AppError(Code.invoiceTitleNotFound);
        if (!id && (await r.countTitles(userId)) >= INVOICE_RULES.maxTitles) {
          throw new AppError(Code.invoiceTitleLimit, undefined, { max: INVOICE_RULES.maxTitles });
        }
        // the first title an account saves becomes its default
        const makeDefault = isDefault || (!id && (await r.countTitles(userId)) === 0);
        if (makeDefault) await r.clearDefault(userId);
        const row = id
          ? await r.updateTitle(id, userId, { ...values, ...(makeDefault ? { isDefault: true } : {}) })
          : await r.insertTitle({ ...values, userId, isDefault: makeDefault });
        if (!row) throw new AppError(Code.invoiceTitleNotFound);
        await d.audit.record(
          { event: id ? 'invoice.titleUpdated' : 'invoice.titleAdded', userId, ...origin, detail: { id: row.id } },
          tx,
        );
        return row;
      });
      return toTitle(saved);
    },

    async remove(userId: string, id: string, origin: Origin): Promise<void> {
      await d.db.transaction(async (tx) => {
        if (!(await repo(tx).deleteTitle(id, userId))) throw new AppError(Code.invoiceTitleNotFound);
        await d.audit.record({ event: 'invoice.titleDeleted', userId, ...origin, detail: { id } }, tx);
      });
    },

    async setDefault(userId: string, id: string, origin: Origin): Promise<void> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        if (!(await r.findTitle(id, userId))) throw new AppError(Code.invoiceTitleNotFound);
        await r.clearDefault(userId);
        await r.updateTitle(id, userId, { isDefault: true, updatedAt: now() });
        await d.audit.record({ event: 'invoice.titleDefault', userId, ...origin, detail: { id } }, tx);
      });
    },
  };
}
export type InvoiceTitlesService = ReturnType<typeof createInvoiceTitlesService>;
