/** invoices void <invoiceNo> */
import type { AdminCommand } from '../admin-context.ts';
import { positional } from '../args.ts';

export const invoicesVoid: AdminCommand = async ({ services }, args) => {
  const row = await services.invoices.void(positional(args, 2, 'the invoice number'));
  return `${row.invoiceNo}: voided; its orders can be invoiced again`;
};
