/** The goods catalogue of docs/product.md#data with durations and prices (minor units). */
import { GOODS, type TGoodsCode, type TServiceType } from '@ac/protocol/enums';
import type { goods, redeemOffers, renewalPlans } from '../db/schema/index.ts';

type Entry = { name: string; durationDays: number; priceUsd: number; priceCny: number; storageGb: number };

const CATALOGUE: Record<TGoodsCode, Entry> = {
  ML1: { name: 'Viewer Ad-free', durationDays: 365, priceUsd: 1999, priceCny: 6800, storageGb: 0 },
  ML2: { name: 'Viewer Premium', durationDays: 365, priceUsd: 3999, priceCny: 12800, storageGb: 5 },
  ML3: { name: 'Viewer Professional', durationDays: 365, priceUsd: 6999, priceCny: 23800, storageGb: 5 },
  ML4: { name: 'Viewer Enterprise', durationDays: 365, priceUsd: 19999, priceCny: 69800, storageGb: 5 },
  ML5: { name: 'Viewer Super', durationDays: 365, priceUsd: 9999, priceCny: 32800, storageGb: 5 },
  MS: { name: 'Cloud Map Expansion Tool Kit', durationDays: 365, priceUsd: 999, priceCny: 3000, storageGb: 5 },
  ML_S1: { name: 'CAD Mapping VIP', durationDays: 365, priceUsd: 4999, priceCny: 16800, storageGb: 0 },
  'ML-A1': { name: 'Architecture Cloud Premium', durationDays: 365, priceUsd: 5999, priceCny: 19800, storageGb: 5 },
  'ML-P1': { name: 'Viewer Pro Advanced', durationDays: 365, priceUsd: 12999, priceCny: 39800, storageGb: 5 },
  GstarCAD2D_CSCA: {
    name: 'GstarCAD 2D Enterprise (CSCA)',
    durationDays: 365,
    priceUsd: 29900,
    priceCny: 198000,
    storageGb: 0,
  },
  GstarCAD2D_CS: { name: 'GstarCAD 2D Enterprise', durationDays: 365, priceUsd: 24900, priceCny: 168000, storageGb: 0 },
  GCAD_365_Basic_CS: { name: 'CAD 365 Basic', durationDays: 365, priceUsd: 9900, priceCny: 39800, storageGb: 5 },
  GCAD_365_CS: { name: 'CAD 365 Standard', durationDays: 365, priceUsd: 19900, priceCny: 79800, storageGb: 5 },
  ML_LT1: { name: 'Mobile Viewer Premium', durationDays: 365, priceUsd: 1499, priceCny: 4800, storageGb: 0 },
  ML2_Gstarcad: { name: 'GstarCAD Standard Member', durationDays: 365, priceUsd: 14900, priceCny: 59800, storageGb: 0 },
  ML5_Gstarcad: {
    name: 'GstarCAD Professional Member',
    durationDays: 365,
    priceUsd: 24900,
    priceCny: 99800,
    storageGb: 0,
  },
  // the storage package (docs/product.md#storage-package): 5 GB more for a year, bought one-off
  STORAGE_5G: { name: 'Storage package 5 GB', durationDays: 365, priceUsd: 999, priceCny: 3000, storageGb: 5 },
};

function serviceTypeOf(code: TGoodsCode): TServiceType {
  if (GOODS[code].accountType === 'toolKit') return 'toolKit';
  return GOODS[code].accountType === 'storage' ? 'storage' : 'membership';
}

export function catalogueRows(): (typeof goods.$inferInsert)[] {
  return (Object.keys(CATALOGUE) as TGoodsCode[]).map((code) => ({
    code,
    ...CATALOGUE[code],
    productType: GOODS[code].productType,
    accountType: GOODS[code].accountType,
    level: GOODS[code].level,
    serviceType: serviceTypeOf(code),
  }));
}

/**
 * What can be bought as redeem codes (docs/product.md#buying-redeem-codes): a year at the goods'
 * price and, for the viewer, a month; enterprise goods only for the admins of a company.
 */
export function redeemOfferRows(): (typeof redeemOffers.$inferInsert)[] {
  const year = (code: TGoodsCode, buyers: 'everyone' | 'companyAdmins') => ({
    goodsCode: code,
    durationDays: CATALOGUE[code].durationDays,
    priceUsd: CATALOGUE[code].priceUsd,
    priceCny: CATALOGUE[code].priceCny,
    buyers,
  });
  return [
    year('ML1', 'everyone'),
    year('ML2', 'everyone'),
    { goodsCode: 'ML2', durationDays: 30, priceUsd: 499, priceCny: 1500, buyers: 'everyone' },
    year('ML3', 'everyone'),
    year('ML4', 'companyAdmins'),
    year('GCAD_365_CS', 'companyAdmins'),
  ];
}

/**
 * The renewing prices (docs/product.md#renewing-memberships): the viewer's premium, professional
 * and super memberships every month or every year; a year renewing costs the one-off year's price.
 */
export function renewalPlanRows(): (typeof renewalPlans.$inferInsert)[] {
  const plans = (code: TGoodsCode, monthUsd: number, monthCny: number) => [
    { goodsCode: code, interval: 'month' as const, priceUsd: monthUsd, priceCny: monthCny },
    {
      goodsCode: code,
      interval: 'year' as const,
      priceUsd: CATALOGUE[code].priceUsd,
      priceCny: CATALOGUE[code].priceCny,
    },
  ];
  return [...plans('ML2', 399, 1280), ...plans('ML3', 699, 2380), ...plans('ML5', 999, 3280)];
}
