/** goods list · goods set-price --goods ML2 --amount 4999 [--currency USD] · goods enable|disable --goods ML2 */
import { CURRENCIES } from '@ac/protocol/enums';
import type { AdminCommand } from '../admin-context.ts';
import { int, oneOf, optionalText, text } from '../args.ts';
import { money, table } from '../output.ts';

export const goodsList: AdminCommand = async ({ services }) => {
  const rows = await services.products.listAll();
  return table(
    ['code', 'name', 'product', 'account type', 'days', 'USD', 'CNY', 'on sale'],
    rows.map((g) => [
      g.code,
      g.name,
      g.productType,
      g.accountType,
      g.durationDays,
      money(g.priceUsd, 'USD'),
      money(g.priceCny, 'CNY'),
      g.active === 1 ? 'yes' : 'no',
    ]),
  );
};

export const goodsSetPrice: AdminCommand = async ({ services }, args) => {
  const currency = oneOf(optionalText(args, 'currency') ?? services.currency, CURRENCIES, '--currency');
  const row = await services.products.setPrice(text(args, 'goods'), currency, int(args, 'amount'));
  return `${row.code}: ${money(currency === 'USD' ? row.priceUsd : row.priceCny, currency)}`;
};

export const goodsEnable: AdminCommand = async ({ services }, args) => {
  const row = await services.products.setActive(text(args, 'goods'), true);
  return `${row.code}: on sale`;
};

export const goodsDisable: AdminCommand = async ({ services }, args) => {
  const row = await services.products.setActive(text(args, 'goods'), false);
  return `${row.code}: off sale`;
};
