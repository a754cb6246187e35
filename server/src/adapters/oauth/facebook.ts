/**
 * Facebook login without a broker (docs/decisions/0023-native-oauth.md),
 * Facebook Login's manual flow at one Graph API version: the dialog
 * www.facebook.com/<version>/dialog/oauth with PKCE (S256), the code
 * exchanged at graph.facebook.com/<version>/oauth/access_token with the
 * verifier and the redirect_uri of the dialog, then /me (id, name, email,
 * picture) with appsecret_proof. Errors come as `{error: {message, type,
 * code, error_subcode}}`; code 100 on the exchange is a refused code
 * (invalid, expired, used, or a wrong verifier). The subject is the
 * app-scoped user id.
 */
import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OAuthApp } from '../../config/oauth.ts';
import type { OAuthAdapter } from './adapter.ts';
import { codeRefused, id, type Json, providerFailed, providerUrl, requestJson, str } from './native-http.ts';

const WWW = 'https://www.facebook.com';
const GRAPH = 'https://graph.facebook.com';

type Options = { app: OAuthApp; apiBase: string | undefined; version: string };

function checked(path: string, { status, body }: { status: number; body: Json }): Json {
  const error = body.error as { code?: unknown; error_subcode?: unknown; type?: unknown } | undefined;
  if (error || status !== 200) {
    const code = typeof error?.code === 'number' ? error.code : undefined;
    const detail = `${path} ${str(error?.type) ?? 'error'} ${code ?? status}/${String(error?.error_subcode ?? '-')}`;
    if (path.endsWith('access_token') && code === 100) throw codeRefused('facebook', detail);
    throw providerFailed('facebook', detail);
  }
  return body;
}

export function createFacebookAdapter(o: Options): OAuthAdapter {
  const v = `/${o.version}`;
  return {
    async authorizeUrl({ redirectUri, state, codeVerifier }) {
      const url = providerUrl(o.apiBase, WWW, `${v}/dialog/oauth`, {
        client_id: o.app.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'public_profile,email',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, app: null };
    },

    async identity({ code, redirectUri, codeVerifier }) {
      const tokenPath = `${v}/oauth/access_token`;
      const token = checked(
        tokenPath,
        await requestJson(
          'facebook',
          providerUrl(o.apiBase, GRAPH, tokenPath, {
            client_id: o.app.clientId,
            client_secret: o.app.clientSecret,
            redirect_uri: redirectUri,
            code,
            code_verifier: codeVerifier,
          }),
        ),
      );
      const accessToken = str(token.access_token);
      if (!accessToken) throw providerFailed('facebook', 'access_token answered no token');
      const mePath = `${v}/me`;
      const me = checked(
        mePath,
        await requestJson(
          'facebook',
          providerUrl(o.apiBase, GRAPH, mePath, {
            fields: 'id,name,email,picture',
            access_token: accessToken,
            appsecret_proof: createHmac('sha256', o.app.clientSecret).update(accessToken).digest('hex'),
          }),
        ),
      );
      const subject = id(me.id);
      if (!subject) throw providerFailed('facebook', 'me answered no id');
      const picture = (me.picture as { data?: { url?: unknown; is_silhouette?: unknown } } | undefined)?.data;
      return {
        subject,
        name: str(me.name),
        picture: picture?.is_silhouette === true ? null : str(picture?.url),
        // shown on the need-to-register answer only; Facebook sends a confirmed address or none
        email: str(me.email),
      };
    },
  };
}
