/**
 * A CAD client opening the portal logged in (docs/protocol.md#sessions):
 * `?handover=<code>` is exchanged for a session of its own, a raw
 * `?utoken=` names one. Neither is taken before the user says so
 * (`Continue as <account>?`): whether this browser has a session (a link
 * must not slip another account's session in, session fixation) or none (a
 * link must not sign a visitor into someone else's account, login CSRF).
 */
import type { TLoginResponse } from '@ac/protocol/session';
import { apiCall } from '@/lib/api/api-client';
import { getToken } from '@/lib/session/token';

export type HandoverDecision =
  | { kind: 'none' }
  | { kind: 'exchange'; code: string }
  | { kind: 'confirm'; token: string };

/** What the page's URL asks for, given the session token this browser already has. */
export function handoverDecision(search: string, current: string | undefined): HandoverDecision {
  const params = new URLSearchParams(search);
  const code = params.get('handover');
  if (code) return { kind: 'exchange', code };
  const token = params.get('utoken');
  if (!token || token === current) return { kind: 'none' };
  return { kind: 'confirm', token };
}

/**
 * A session offered by the URL, for the user to take or not.
 * `handedOver`: the session was made for this page by a handover, so declining ends it.
 * `signedIn`: this browser already has a session of its own (switch or keep), else none (sign in or not).
 */
export type PendingSwitch = {
  token: string;
  account: string;
  handedOver: boolean;
  signedIn: boolean;
  /** The page the link opened (inside the app), shown once the user signs in. */
  returnTo?: string;
};

const accountOf = (u: TLoginResponse['userInfo']) => u.email ?? u.mobile ?? u.nickName;

/**
 * Carries out the URL's decision: a handover code is exchanged (an invalid one is ignored), a raw
 * token is checked; the offered session is returned for the user to confirm, never taken here.
 */
export async function takeHandover(search: string): Promise<PendingSwitch | null> {
  const current = getToken();
  const decision = handoverDecision(search, current);
  if (decision.kind === 'none') return null;
  // the contract (and zod with it) loads only when a handover needs a call: not on every start-up
  const { calls } = await import('@ac/protocol/calls');
  const signedIn = Boolean(current);
  switch (decision.kind) {
    case 'exchange': {
      const answer = await apiCall(
        calls.session.exchangeHandover,
        { code: decision.code },
        { token: null, onSessionExpired: 'reject' },
      ).catch(() => null);
      if (!answer) return null;
      return { token: answer.utoken, account: accountOf(answer.userInfo), handedOver: true, signedIn };
    }
    case 'confirm': {
      const info = await apiCall(
        calls.session.userInfo,
        {},
        { token: decision.token, onSessionExpired: 'reject' },
      ).catch(() => null);
      return info ? { token: decision.token, account: accountOf(info.userInfo), handedOver: false, signedIn } : null;
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
