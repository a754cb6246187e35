/**
 * Test support: a local fake of Facebook Login's manual flow
 * (developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow),
 * under `/facebook` of the fake server, at any Graph API version:
 * - GET /<version>/dialog/oauth: client_id, a registered redirect_uri
 *   (exactly, as in strict mode), state, optional PKCE code_challenge (S256
 *   or plain); back to `redirect_uri?code&state#_=_` (on Cancel
 *   `error=access_denied&error_reason=user_denied&state`);
 * - GET /<version>/oauth/access_token: client_id, client_secret,
 *   redirect_uri identical to the dialog's, code (single use), code_verifier
 *   when the dialog had a challenge → access_token;
 * - GET /<version>/me: access_token, appsecret_proof (HMAC-SHA256 of the
 *   token with the app secret, required as with "Require App Secret"),
 *   fields → id (app-scoped), name, email, picture.
 * Errors as the Graph API sends them: HTTP 400 with `{error: {message, type,
 * code, error_subcode, fbtrace_id}}`.
 */
import { createHash, createHmac } from 'node:crypto';
import type { FakeAnswer, FakeApp, FakeStore, ProviderFake } from './fake-provider.ts';
import { backWithCode, findApp, grantOf, stableId, withQuery } from './fake-provider.ts';

export type FacebookFakeOptions = { app: FakeApp };

const err = (message: string, code: number, subcode?: number, type = 'OAuthException'): FakeAnswer => ({
  status: 400,
  json: {
    error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfGhIjK' },
  },
});
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function facebookFake(o: FacebookFakeOptions, store: FakeStore): ProviderFake {
  const userId = (appId: string, login: string) => `10${stableId(['facebook', appId, login], 14, '0123456789')}`;
  const errorPage = (text: string): FakeAnswer => ({ status: 200, html: `<html><body><p>${text}</p></body></html>` });

  return {
    name: 'Facebook',
    authorize: {
      '/:version/dialog/oauth': ({ params: q }) => {
        const app = findApp([o.app], q.get('client_id'));
        if (!app) return errorPage('Invalid App ID: The provided app ID does not look like a valid app ID.');
        if (!app.redirectUris.includes(q.get('redirect_uri') ?? '')) {
          return errorPage(
            "URL blocked: This redirect failed because the redirect URI is not whitelisted in the app's client OAuth settings.",
          );
        }
        if ((q.get('response_type') ?? 'code') !== 'code') return errorPage('Invalid response_type');
        const method = q.get('code_challenge_method') ?? 'plain';
        const challenge = q.get('code_challenge');
        if (challenge && !['S256', 'plain'].includes(method)) return errorPage('Invalid code_challenge_method');
        return grantOf(app, q, q.get('scope') ?? 'public_profile', challenge ? `${method}:${challenge}` : null);
      },
    },
    redirect: (g, code) => `${backWithCode(g, code)}#_=_`,
    declined: (g) =>
      `${withQuery(g.redirectUri, {
        error_reason: 'user_denied',
        error: 'access_denied',
        error_description: 'Permissions error.',
        state: g.state,
      })}#_=_`,
    api: {
      '/:version/oauth/access_token': ({ params: q }) => {
        const app = findApp([o.app], q.get('client_id'));
        if (!app) return err('Error validating application. Invalid application ID.', 101);
        if (q.get('client_secret') !== app.clientSecret) return err('Error validating client secret.', 1);
        if (!q.get('redirect_uri')) return err('Missing redirect_uri parameter.', 191);
        const use = store.takeCode(q.get('code'));
        if ('error' in use) {
          if (use.error === 'used') return err('This authorization code has been used.', 100, 36009);
          if (use.error === 'expired') return err('This authorization code has expired.', 100, 36007);
          return err('Invalid verification code format.', 100);
        }
        const g = use.grant;
        if (g.clientId !== app.clientId) return err('Invalid verification code format.', 100);
        if (q.get('redirect_uri') !== g.redirectUri) {
          return err(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            100,
            36008,
          );
        }
        if (g.challenge) {
          const verifier = q.get('code_verifier') ?? '';
          const [method, challenge] = g.challenge.split(/:(.*)/s);
          if ((method === 'S256' ? s256(verifier) : verifier) !== challenge) {
            return err('Invalid code verifier.', 100);
          }
        }
        return { status: 200, json: { access_token: store.issueToken(g), token_type: 'bearer', expires_in: 5183944 } };
      },
      '/:version/me': ({ params: q }) => {
        const token = q.get('access_token');
        const g = store.token(token);
        if (!token || !g) return err('Invalid OAuth access token - Cannot parse access token', 190);
        const secret = findApp([o.app], g.clientId)!.clientSecret;
        const proof = createHmac('sha256', secret).update(token).digest('hex');
        if (q.get('appsecret_proof') !== proof) {
          return err(
            'API calls from the server require an appsecret_proof argument',
            100,
            undefined,
            'GraphMethodException',
          );
        }
        const fields = (q.get('fields') ?? 'id,name').split(',');
        const all: Record<string, unknown> = {
          id: userId(g.clientId, g.login),
          name: `Person ${g.login}`,
          email: g.scope.includes('email') ? `${g.login}@facebook.example.com` : undefined,
          picture: {
            data: {
              height: 50,
              width: 50,
              is_silhouette: false,
              url: `https://img.example.com/facebook/${encodeURIComponent(g.login)}.png`,
            },
          },
        };
        return {
          status: 200,
          json: Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])),
        };
      },
    },
  };
}
