/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 at a random
 * (or given) port, and a scripted browser that goes through its login and consent
 * pages, ending at the redirect URI with `?code&state&iss`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

export async function startOidcProvider(
  client: { clientId: string; clientSecret: string; redirectUris: string[] },
  port = 0,
) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        name: `Person ${sub}`,
        picture: `https://img.example.com/${sub}.png`,
        email: `${sub}@mail.example.com`,
        email_verified: true,
      }),
    }),
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email', 'email_verified'] },
    cookies: { keys: ['ac-test-oidc-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  server.on('request', provider.callback());

  /** Follows the authorize URL as user `sub` (any password works) to the redirect URI with the code. */
  async function authorize(authorizeUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizeUrl);
    for (let step = 0; step < 12; step++) {
      if (client.redirectUris.some((r) => url.href.startsWith(r))) return url;
      let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      remember(res);
      if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
        const html = await res.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!prompt || !action) throw new Error(`no form at ${url}`);
        const form = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
        res = await fetch(new URL(action, url), {
          method: 'POST',
          redirect: 'manual',
          body: form,
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        });
        remember(res);
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(`provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
      }
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
