/**
 * What a login provider sent back to a callback page
 * (/login/callback/<type>, /third_bind/callback/<type>;
 * docs/decisions/0023-native-oauth.md): `code` and `state` (and `iss` from
 * OpenID Connect providers) when the person allowed it; no code when they
 * declined — WeChat and QQ then send the state alone, Weibo, Facebook and
 * OpenID Connect providers `error=access_denied`.
 */
export type ProviderCallback =
  | { kind: 'code'; code: string; state: string; iss: string | undefined }
  | { kind: 'declined' }
  | { kind: 'invalid' };

export function readProviderCallback(params: URLSearchParams): ProviderCallback {
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  if (code && state && !error) return { kind: 'code', code, state, iss: params.get('iss') ?? undefined };
  if (error === 'access_denied' || (state && !code && !error)) return { kind: 'declined' };
  return { kind: 'invalid' };
}
