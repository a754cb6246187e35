/**
 * When a membership ends after buying more of it: the server extends from
 * the later of now and the current end of the same goods code
 * (memberships/membership-grants.ts), by the goods' duration per unit.
 */
import type { TMyProduct } from '@ac/protocol/commerce';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The current end of one goods code among my products (ISO), or undefined when never held. */
export function currentEndOf(products: readonly TMyProduct[] | undefined, goodsCode: string): string | undefined {
  return products?.find((p) => p.goodsCode === goodsCode)?.expireTime;
}

/** The end after buying `quantity` units of `durationDays` each, starting from max(now, currentEnd). */
export function membershipEnd(currentEnd: string | undefined, durationDays: number, now: Date, quantity = 1): Date {
  const current = currentEnd ? new Date(currentEnd).getTime() : Number.NaN;
  const start = Number.isNaN(current) ? now.getTime() : Math.max(now.getTime(), current);
  return new Date(start + durationDays * quantity * DAY_MS);
}
