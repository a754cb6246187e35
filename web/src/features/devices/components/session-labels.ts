/** How a session is named: the client type's product name (docs/product.md#client-types), or the raw identifier. */
import { CLIENT_TYPES } from '@ac/protocol/client-types';
import type { TActiveSession } from '@ac/protocol/devices';

export function clientTypeName(clientType: string): string {
  return Object.hasOwn(CLIENT_TYPES, clientType) ? CLIENT_TYPES[clientType as keyof typeof CLIENT_TYPES] : clientType;
}

/** The browser of a portal session, shortened from its user agent. */
export function browserName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known = /(Edg|OPR|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent);
  const os = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(userAgent);
  const browser = known ? known[1]!.replace('Edg', 'Edge').replace('OPR', 'Opera') : null;
  return [browser, os?.[1]?.replace('Mac OS X', 'macOS')].filter(Boolean).join(' · ') || null;
}

export type SessionRow = TActiveSession;
