/**
 * offers list · offers add --goods ML2 --days 365 --usd 3999 --cny 12800 [--min 1] [--max 500]
 *   [--buyers everyone|companyAdmins] · offers disable|enable --goods ML2 --days 365
 * (the redeem-code offers, docs/decisions/0027-buying-redeem-codes.md)
 */
import { REDEEM_BUYERS } from '@ac/protocol/enums';
import type { AdminCommand } from '../admin-context.ts';
import { int, oneOf, optionalText, text } from '../args.ts';
import { money, table } from '../output.ts';

export const offersList: AdminCommand = async ({ services }) => {
  const rows = await services.redeemOfferAdmin.list();
  return table(
    ['goods', 'name', 'days', 'USD', 'CNY', 'quantity', 'buyers', 'on sale'],
    rows.map(({ offer: o, goodsName }) => [
      o.goodsCode,
      goodsName,
      o.durationDays,
      money(o.priceUsd, 'USD'),
      money(o.priceCny, 'CNY'),
      `${o.minQuantity}-${o.maxQuantity}`,
      o.buyers,
      o.active === 1 ? 'yes' : 'no',
    ]),
  );
};

export const offersAdd: AdminCommand = async ({ services }, args) => {
  const o = await services.redeemOfferAdmin.put({
    goodsCode: text(args, 'goods'),
    durationDays: int(args, 'days'),
    priceUsd: int(args, 'usd'),
    priceCny: int(args, 'cny'),
    minQuantity: int(args, 'min', 1),
    maxQuantity: int(args, 'max', 500),
    buyers: oneOf(optionalText(args, 'buyers') ?? 'everyone', REDEEM_BUYERS, '--buyers'),
  });
  return `${o.goodsCode} ${o.durationDays} days: ${money(o.priceUsd, 'USD')} / ${money(o.priceCny, 'CNY')} a code, ${o.minQuantity}-${o.maxQuantity}, ${o.buyers}, on sale`;
};

const setActive =
  (active: boolean): AdminCommand =>
  async ({ services }, args) => {
    const o = await services.redeemOfferAdmin.setActive(text(args, 'goods'), int(args, 'days'), active);
    return `${o.goodsCode} ${o.durationDays} days: ${active ? 'on sale' : 'off sale'}`;
  };
export const offersEnable = setActive(true);
export const offersDisable = setActive(false);
