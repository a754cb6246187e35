/** Receipts of the overseas build (docs/decisions/0055-receipts.md): billing details, an order's receipts. */
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZBillingAnswer, ZBillingDetails, ZOrderReceipts, ZOrderReceiptsRequest } from '../receipts.ts';

export const receipts = {
  billing: defineContract({
    path: '/order/v5/billing/get',
    summary: "The member's billing details for receipts (null before they are first saved)",
    tag: 'receipts',
    auth: true,
    regions: ['us'],
    request: ZEmpty,
    response: ZBillingAnswer,
  }),
  setBilling: defineContract({
    path: '/order/v5/billing/set',
    summary:
      "Save the member's billing details (name, address, ISO country, VAT/GST id): printed on the receipts of later payments, never on past ones",
    tag: 'receipts',
    auth: true,
    regions: ['us'],
    request: ZBillingDetails,
    response: ZBillingAnswer,
    errors: [Code.billingCountryUnknown, Code.billingTaxIdInvalid, Code.tooManyRequests],
  }),
  ofOrder: defineContract({
    path: '/order/v5/receipt/list',
    summary:
      'The receipt and credit notes of one of my orders (empty for an order not paid, or not mine); each downloads as a PDF by its number',
    tag: 'receipts',
    auth: true,
    regions: ['us'],
    request: ZOrderReceiptsRequest,
    response: ZOrderReceipts,
  }),
};
