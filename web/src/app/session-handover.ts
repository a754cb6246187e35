/**
 * A CAD client opening the portal logged in (docs/protocol.md#sessions):
 * `?handover=<code>` is exchanged for a session of its own; a raw
 * `?utoken=` is adopted only when this browser has no session. When a
 * different session is already here, nothing changes until the user
 * chooses (`Continue as <account>?`), so a link cannot slip another
 * account's session in (session fixation).
 */
import type { TLoginResponse } from '@ac/protocol/session';
import { apiCall } from '@/lib/api/api-client';
import { getToken, setToken } from '@/lib/session/token';

export type HandoverDecision =
  | { kind: 'none' }
  | { kind: 'exchange'; code: string }
  | { kind: 'adopt'; token: string }
  | { kind: 'confirm'; token: string };

/** What the page's URL asks for, given the session token this browser already has. */
export function handoverDecision(search: string, current: string | undefined): HandoverDecision {
  const params = new URLSearchParams(search);
  const code = params.get('handover');
  if (code) return { kind: 'exchange', code };
  const token = params.get('utoken');
  if (!token || token === current) return { kind: 'none' };
  return current ? { kind: 'confirm', token } : { kind: 'adopt', token };
}

/**
 * A session offered by the URL while another one is here: the user decides.
 * `handedOver`: the session was made for this page by a handover, so keeping
 * the current one ends it.
 */
export type PendingSwitch = { token: string; account: string; handedOver: boolean };

const accountOf = (u: TLoginResponse['userInfo']) => u.email ?? u.mobile ?? u.nickName;

/**
 * Carries out the URL's decision: a handover code is exchanged (an invalid
 * one is ignored), a token is kept when no session is here; otherwise the
 * offered session is returned for the user to confirm.
 */
export async function takeHandover(search: string): Promise<PendingSwitch | null> {
  const current = getToken();
  const decision = handoverDecision(search, current);
  if (decision.kind === 'none') return null;
  if (decision.kind === 'adopt') {
    setToken(decision.token);
    return null;
  }
  // the contract (and zod with it) loads only when a handover needs a call: not on every start-up
  const { calls } = await import('@ac/protocol/calls');
  switch (decision.kind) {
    case 'exchange': {
      const answer = await apiCall(
        calls.session.exchangeHandover,
        { code: decision.code },
        { token: null, onSessionExpired: 'reject' },
      ).catch(() => null);
      if (!answer) return null;
      if (!current) {
        setToken(answer.utoken);
        return null;
      }
      return { token: answer.utoken, account: accountOf(answer.userInfo), handedOver: true };
    }
    case 'confirm': {
      const info = await apiCall(
        calls.session.userInfo,
        {},
        { token: decision.token, onSessionExpired: 'reject' },
      ).catch(() => null);
      return info ? { token: decision.token, account: accountOf(info.userInfo), handedOver: false } : null;
    }
  }
}

/** Drops `handover` and `utoken` from the address bar and history. */
export function dropHandoverFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('utoken') && !url.searchParams.has('handover')) return;
  url.searchParams.delete('utoken');
  url.searchParams.delete('handover');
  window.history.replaceState(window.history.state, '', url);
}
