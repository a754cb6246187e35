/**
 * The login page link with its `redirect` back to where the user was, and
 * the check that a `redirect` value stays inside the app (no open redirect).
 */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/products';

export function loginHref(redirect?: string): string {
  if (!redirect || redirect === '/' || redirect.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/** A path inside the app (`/order?x=1`), or the home page for anything else. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return HOME_PATH;
  if (value.startsWith(LOGIN_PATH)) return HOME_PATH;
  return value;
}
