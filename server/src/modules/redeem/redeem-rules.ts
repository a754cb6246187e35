/**
 * Whether a user may redeem a code (docs/product.md#rules and docs/product.md#client-types): the code must be unused
 * and within its validity; a company-management code needs an account in
 * an active company; a member with a live membership of the code's product
 * may only redeem codes of that same level (goods code).
 */
import { Code } from '@ac/protocol/codes';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { createRedeemRepo, type RedeemCodeRow } from './redeem.repo.ts';
import { exchangeRefusal } from './redeem-state.ts';

export type RulesDeps = {
  products: Pick<ProductsService, 'findGoods'>;
  memberships: Pick<MembershipsService, 'active'>;
  companies: Pick<CompanyService, 'inActiveCompany'>;
};

export async function findRedeemable(d: RulesDeps, db: DbOrTx, text: string, now: Date, lock: boolean) {
  const row = await createRedeemRepo(db).findByCode(text, { lock });
  if (!row) throw new AppError(Code.redeemCodeInvalid);
  const refusal = exchangeRefusal(row.state);
  if (refusal) throw new AppError(refusal);
  if (row.validFrom > now || row.validTo <= now) throw new AppError(Code.redeemCodeOutOfValidity);
  const goods = await d.products.findGoods(row.goodsCode, db);
  if (!goods) throw new AppError(Code.redeemCodeInvalid);
  return { code: row, goods };
}

export async function assertMayRedeem(
  d: RulesDeps,
  db: DbOrTx,
  userId: string,
  code: RedeemCodeRow,
  productType: string,
  now: Date,
) {
  if (code.kind === 'company' && !(await d.companies.inActiveCompany(userId, db))) {
    throw new AppError(Code.redeemCompanyCode);
  }
  const live = await d.memberships.active(userId, now, db);
  const sameProduct = live.filter((m) => m.productType === productType);
  if (sameProduct.length > 0 && !sameProduct.some((m) => m.goodsCode === code.goodsCode)) {
    throw new AppError(Code.redeemLevelMismatch);
  }
}
