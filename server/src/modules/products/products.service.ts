/** The goods catalogue: what can be bought, for how long, at what price in the region's currency. */

import { Code } from '@ac/protocol/codes';
import type { TCatalogItem, TProductCatalogResponse } from '@ac/protocol/commerce';
import type { TAccountType, TCurrency, TGoodsCode, TProductType } from '@ac/protocol/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createProductsRepo, type GoodsRow } from './products.repo.ts';

export function priceIn(row: GoodsRow, currency: TCurrency): number {
  return currency === 'USD' ? row.priceUsd : row.priceCny;
}

export function toCatalogItem(row: GoodsRow, currency: TCurrency): TCatalogItem {
  return {
    goodsCode: row.code as TGoodsCode,
    name: row.name,
    productType: row.productType as TProductType,
    accountType: row.accountType as TAccountType,
    serviceType: row.serviceType,
    level: row.level,
    durationDays: row.durationDays,
    storageGb: row.storageGb,
    price: { amount: priceIn(row, currency), currency },
  };
}

export function createProductsService(d: { db: Db; currency: TCurrency }) {
  const { currency } = d;
  const repo = createProductsRepo(d.db);
  return {
    currency,
    /** A goods row by code, sold or not; null when unknown. */
    findGoods: (code: string, tx?: DbOrTx) => (tx ? createProductsRepo(tx) : repo).findGoods(code),
    async catalog(): Promise<TProductCatalogResponse> {
      const rows = await repo.listGoods({ activeOnly: true });
      return { currency, rows: rows.map((r) => toCatalogItem(r, currency)) };
    },
    /** All goods, inactive ones too (admin). */
    listAll: () => repo.listGoods({ activeOnly: false }),
    /** A goods row locked until the end of `tx` (a change that records the row before it). */
    lockGoods: (code: string, tx: DbOrTx) => createProductsRepo(tx).lockGoods(code),
    /** A goods row that is for sale; 2000001 otherwise. */
    async purchasable(code: string): Promise<GoodsRow> {
      const row = await repo.findGoods(code);
      if (row?.active !== 1) throw new AppError(Code.goodsNotFound, code);
      return row;
    },
    /** The command line's `goods set-price` and the console's offers (inside the console's transaction, `tx`). */
    async setPrice(code: string, priceCurrency: TCurrency, amount: number, tx?: DbOrTx): Promise<GoodsRow> {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new AppError(Code.invalidParam, 'amount');
      const patch = priceCurrency === 'USD' ? { priceUsd: amount } : { priceCny: amount };
      const row = await (tx ? createProductsRepo(tx) : repo).updateGoods(code, patch);
      if (!row) throw new AppError(Code.goodsNotFound, code);
      return row;
    },
    async setActive(code: string, active: boolean, tx?: DbOrTx): Promise<GoodsRow> {
      const row = await (tx ? createProductsRepo(tx) : repo).updateGoods(code, { active: active ? 1 : 0 });
      if (!row) throw new AppError(Code.goodsNotFound, code);
      return row;
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
