/**
 * i18n keys of wire enum values in the `enums` namespace, flat camelCase:
 * `enums.orderStatusUnpaid`, `enums.accountTypeAdFree`, `enums.goodsMlA1`.
 */
import { orderStatusName, type TOrderStatus } from '@ac/protocol/enums';

export type EnumGroup =
  | 'accountType'
  | 'productType'
  | 'orderType'
  | 'serviceType'
  | 'redeemState'
  | 'redeemSource'
  | 'deviceStatus'
  | 'channel';

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function enumKey(group: EnumGroup, value: string): string {
  return `enums.${group}${upperFirst(value)}`;
}

export function orderStatusKey(status: TOrderStatus): string {
  return `enums.orderStatus${upperFirst(orderStatusName[status])}`;
}

/** `ML-A1` → `enums.goodsMlA1`, `GstarCAD2D_CSCA` → `enums.goodsGstarcad2dCsca`. */
export function goodsKey(goodsCode: string): string {
  const words = goodsCode.split(/[-_\s]+/).filter(Boolean);
  return `enums.goods${words.map((w) => upperFirst(w.toLowerCase())).join('')}`;
}
