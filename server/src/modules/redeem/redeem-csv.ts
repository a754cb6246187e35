/**
 * An order's codes as CSV for a spreadsheet: UTF-8 with a byte order mark (Excel otherwise reads
 * it in the local code page), CRLF line ends, every field quoted when it holds a comma, a quote or
 * a line break (quotes doubled), and a field that a spreadsheet would run as a formula (starting
 * with = + - @ or a tab) prefixed with an apostrophe.
 */
import type { TRedeemOrderDetail } from '@ac/protocol/commerce';

export const CSV_BOM = '\uFEFF';
const HEADER = [
  'order',
  'serial number',
  'code',
  'goods',
  'days',
  'state',
  'valid to',
  'redeemed at',
  'redeemed by',
  'handed to',
];

export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function redeemCodesCsv(order: TRedeemOrderDetail): string {
  const lines = [
    HEADER,
    ...order.codes.map((c) => [
      order.orderNo,
      c.serialNo,
      c.code,
      order.goodsCode,
      order.durationDays,
      c.state,
      c.validTo,
      c.redeemTime,
      c.useAccount,
      c.handedTo,
    ]),
  ];
  return `${CSV_BOM}${lines.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}
