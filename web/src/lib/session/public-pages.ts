/**
 * Pages that skip loading the dictionary and user info (docs/product.md#routes): any URL
 * containing one of these fragments, plus the login page, the overseas
 * site pages and the not-found page.
 */
const PUBLIC_FRAGMENTS = [
  'logoff_protocol',
  'vip_confirm',
  'register',
  'password',
  'reset',
  'getCode',
  'toactivate',
  'register/protocol',
  'findPwd',
  'mail_verify',
] as const;

/** `pathname` is the path inside the app (without the base path). */
export function isPublicPath(pathname: string): boolean {
  if (pathname === '/login' || pathname.startsWith('/login/') || pathname.startsWith('/site/')) return true;
  return PUBLIC_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}
