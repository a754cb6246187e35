/**
 * A provider identity waiting to be linked (the need-to-register ticket of a
 * third-party login), kept in sessionStorage until the next login binds it.
 */
import type { TThirdPartyType } from '@ac/protocol/enums';

const KEY = 'ac.pendingThirdLink';

export type PendingLink = { type: TThirdPartyType; ticket: string; name: string | null };

export function savePendingLink(link: PendingLink): void {
  sessionStorage.setItem(KEY, JSON.stringify(link));
}

export function takePendingLink(): PendingLink | undefined {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as PendingLink;
  } catch {
    return undefined;
  }
}

export function peekPendingLink(): PendingLink | undefined {
  const raw = sessionStorage.getItem(KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingLink) : undefined;
  } catch {
    return undefined;
  }
}
