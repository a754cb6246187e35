/**
 * The order status a cancel refusal (2000003, "Cannot cancel the order of
 * {status}") names: the server fills {status} with the status's wire name
 * (`cancelled`, `paid`, …), read back here through the catalogue's own
 * template so the web can show the translated status name instead.
 */
import { isApiError } from '@ac/client';
import { Code, catalogue } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';

const [before = '', after = ''] = catalogue[Code.orderCannotCancel].message.split('{status}');
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REFUSAL = new RegExp(`^${literal(before)}(\\w+)${literal(after)}`);

/** The refused order's status as the server saw it; `fallback` (the status shown) when it cannot be read. */
export function refusedStatus(error: unknown, fallback: TOrderStatus): TOrderStatus {
  if (!isApiError(error) || error.code !== Code.orderCannotCancel) return fallback;
  const name = REFUSAL.exec(error.message)?.[1];
  return name && Object.hasOwn(OrderStatus, name) ? OrderStatus[name as keyof typeof OrderStatus] : fallback;
}
