/**
 * What happens when the server answers a session code (0000005, 1000002,
 * 1000008; docs/product.md#states): the re-login message shows, one second later the
 * session is cleared and the user sent to the login page with a `redirect`
 * back to where they were. The pending call never settles.
 */
import i18next from 'i18next';

export const RELOGIN_DELAY_MS = 1000;

export type SessionExpiryHooks = {
  /** Shows the (translated) re-login message. */
  notify: () => void;
  /** Clears token, user, company, storage and vip info. */
  clearSession: () => void;
  /** Goes to /login?redirect=… under the base path. */
  goToLogin: () => void;
};

let hooks: SessionExpiryHooks = {
  // the shells set their own notice (antd message, antd-mobile Toast); antd loads here only if none did
  notify: () => void import('@/lib/antd-message').then(({ message }) => message.warning(i18next.t('errors.0000005'))),
  clearSession: () => undefined,
  goToLogin: () => undefined,
};
let expiring = false;

/** Sets some hooks; returns what puts back the ones it replaced (for a provider that unmounts). */
export function configureSessionExpiry(next: Partial<SessionExpiryHooks>): () => void {
  const replaced = Object.fromEntries(
    Object.keys(next).map((key) => [key, hooks[key as keyof SessionExpiryHooks]]),
  ) as Partial<SessionExpiryHooks>;
  hooks = { ...hooks, ...next };
  return () => {
    hooks = { ...hooks, ...replaced };
  };
}

/** Runs the re-login flow once, however many calls hit an expired session at the same time. */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  hooks.notify();
  setTimeout(() => {
    try {
      hooks.clearSession();
      hooks.goToLogin();
    } finally {
      expiring = false;
    }
  }, RELOGIN_DELAY_MS);
}

/** The promise a call whose session expired returns: it never resolves nor rejects. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}
