/** Money is integer minor units with a currency (docs/protocol.md#data-rules): shown as symbol + amount / 100. */
import type { TMoney } from '@ac/protocol/common';
import { currencySymbol } from '@ac/protocol/enums';

export function formatMoney(money: TMoney, language = 'en'): string {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = money.amount < 0 ? '-' : '';
  return `${sign}${currencySymbol[money.currency]}${number.format(Math.abs(money.amount) / 100)}`;
}
