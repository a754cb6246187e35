/**
 * Receipts of the overseas build (docs/decisions/0055-receipts.md): the
 * member's billing details, the receipts and credit notes of an order.
 * `billingRuleViolation` is the one rule for the billing fields, run by the
 * server before it writes and by the web forms before they send.
 */
import { getCountries } from 'libphonenumber-js/min';
import { z } from 'zod';
import { Code, type TCode } from './codes.ts';
import { ZOrderNo } from './commerce.ts';
import { zDisplayText } from './common.ts';
import { CURRENCIES } from './enums.ts';

/** ISO 3166-1 alpha-2 country codes (libphonenumber-js's territories, two letters). */
export const BILLING_COUNTRIES: readonly string[] = getCountries()
  .filter((c) => /^[A-Z]{2}$/.test(c))
  .sort();

/**
 * The EU member states' VAT number formats after the two-letter prefix (loosely: the
 * length and the character classes, never a lookup). Greece's prefix is EL.
 */
const EU_VAT: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The VAT prefix of an EU country (Greece writes EL), or null outside the EU. */
export function euVatPrefix(country: string): string | null {
  const prefix = country === 'GR' ? 'EL' : country;
  return EU_VAT[prefix] ? prefix : null;
}

/** A VAT/GST id as kept: upper case, without spaces, dots and dashes. */
export function normalizeTaxId(id: string): string {
  return id.toUpperCase().replace(/[\s.-]/g, '');
}

const line = (max: number) => z.string().trim().max(max);

/** The billing fields as sent; whether country and VAT id agree is billingRuleViolation's. */
export const ZBillingDetails = z.object({
  name: zDisplayText(1, 100),
  line1: zDisplayText(1, 200),
  line2: line(200).default(''),
  city: zDisplayText(1, 100),
  postalCode: line(20).default(''),
  region: line(100).default(''),
  country: z.string().trim().toUpperCase().length(2),
  taxId: line(30).transform(normalizeTaxId).default(''),
});
export type TBillingDetails = z.infer<typeof ZBillingDetails>;
export type TBillingDetailsInput = z.input<typeof ZBillingDetails>;

/**
 * The code the billing details break, or null: the country must be an ISO 3166-1 code; in an
 * EU country a VAT id must carry that country's prefix and its format; elsewhere any 2–30
 * letters and digits (a GST, ABN or EIN as the buyer writes it).
 */
export function billingRuleViolation(b: Pick<TBillingDetails, 'country' | 'taxId'>): TCode | null {
  if (!BILLING_COUNTRIES.includes(b.country)) return Code.billingCountryUnknown;
  const id = normalizeTaxId(b.taxId);
  if (id === '') return null;
  const prefix = euVatPrefix(b.country);
  if (prefix) {
    const rule = EU_VAT[prefix] as RegExp;
    return id.startsWith(prefix) && rule.test(id.slice(2)) ? null : Code.billingTaxIdInvalid;
  }
  return /^[A-Z0-9]{2,30}$/.test(id) ? null : Code.billingTaxIdInvalid;
}

/** The member's billing details, or null before they were first saved. */
export const ZBillingAnswer = z.object({ billing: ZBillingDetails.nullable() });
export type TBillingAnswer = z.infer<typeof ZBillingAnswer>;

export const RECEIPT_KINDS = ['receipt', 'creditNote'] as const;
export type TReceiptKind = (typeof RECEIPT_KINDS)[number];

/** One receipt or credit note of an order; `amount` and `tax` in minor units, as the provider reported them. */
export const ZReceiptEntry = z.object({
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  /** A credit note's receipt; null for a receipt. */
  refersTo: z.string().nullable(),
  amount: z.number().int(),
  tax: z.number().int(),
  currency: z.enum(CURRENCIES),
  issuedAt: z.string(),
});
export type TReceiptEntry = z.infer<typeof ZReceiptEntry>;

export const ZOrderReceiptsRequest = z.object({ orderNo: ZOrderNo });
export const ZOrderReceipts = z.object({ rows: z.array(ZReceiptEntry) });
export type TOrderReceipts = z.infer<typeof ZOrderReceipts>;
