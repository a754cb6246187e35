/**
 * What the billing forms (desktop and mobile) share: the fields' limits, the form values to the
 * call's payload, and the one rule the server also runs (billingRuleViolation).
 */
import type { TCode } from '@ac/protocol/codes';
import {
  billingRuleViolation,
  normalizeTaxId,
  type TBillingDetails,
  type TBillingDetailsInput,
} from '@ac/protocol/receipts';

export type BillingValues = {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  postalCode?: string;
  region?: string;
  country?: string;
  taxId?: string;
};

export const BILLING_MAX = { name: 100, line1: 200, line2: 200, city: 100, postalCode: 20, region: 100, taxId: 30 };

export const billingValuesOf = (b: TBillingDetails | null | undefined): BillingValues =>
  b ? { ...b } : { name: '', line1: '', city: '' };

export function billingPayload(v: BillingValues): TBillingDetailsInput {
  return {
    name: v.name.trim(),
    line1: v.line1.trim(),
    line2: v.line2?.trim() ?? '',
    city: v.city.trim(),
    postalCode: v.postalCode?.trim() ?? '',
    region: v.region?.trim() ?? '',
    country: v.country ?? '',
    taxId: normalizeTaxId(v.taxId ?? ''),
  };
}

/** The code the country and VAT/GST id break together (the server's own rule), or null. */
export const billingViolation = (v: BillingValues): TCode | null =>
  billingRuleViolation({ country: v.country ?? '', taxId: v.taxId ?? '' });
