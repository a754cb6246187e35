/**
 * The seller printed on the receipts of the overseas build (docs/decisions/0055-receipts.md):
 * RECEIPT_SELLER_NAME, RECEIPT_SELLER_ADDRESS (lines separated by `;`), RECEIPT_SELLER_TAX_ID
 * (optional). A production server of region `us` without a name or address stops at start,
 * naming the variable; the demo and the tests print the development seller.
 */
import { z } from 'zod';

export type ReceiptSeller = { name: string; address: string[]; taxId: string };

/** Printed by a server outside production that sets no seller. */
export const DEVELOPMENT_SELLER: ReceiptSeller = {
  name: 'Account Center (development build)',
  address: ['Not for accounting: set RECEIPT_SELLER_NAME and RECEIPT_SELLER_ADDRESS'],
  taxId: '',
};

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters');

/** The zod fields of the seller variables, spread into the environment schema. */
export const receiptsEnvShape = {
  RECEIPT_SELLER_NAME: text(200).optional(),
  RECEIPT_SELLER_ADDRESS: text(500).optional(),
  RECEIPT_SELLER_TAX_ID: text(40).optional(),
};
type ReceiptsEnv = z.infer<z.ZodObject<typeof receiptsEnvShape>> & { REGION: string; NODE_ENV: string };

export function refineReceiptsEnv(e: ReceiptsEnv, ctx: z.RefinementCtx) {
  if (e.REGION !== 'us' || e.NODE_ENV !== 'production') return;
  for (const name of ['RECEIPT_SELLER_NAME', 'RECEIPT_SELLER_ADDRESS'] as const) {
    if (!e[name] && !ctx.issues.some((i) => i.path?.[0] === name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production with REGION=us (receipts)' });
    }
  }
}

/** Called after refineReceiptsEnv passed. */
export function receiptSeller(e: ReceiptsEnv): ReceiptSeller {
  if (!e.RECEIPT_SELLER_NAME || !e.RECEIPT_SELLER_ADDRESS) return DEVELOPMENT_SELLER;
  return {
    name: e.RECEIPT_SELLER_NAME,
    address: e.RECEIPT_SELLER_ADDRESS.split(';')
      .map((l) => l.trim())
      .filter(Boolean),
    taxId: e.RECEIPT_SELLER_TAX_ID ?? '',
  };
}
