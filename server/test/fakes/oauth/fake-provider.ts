/**
 * Test support: the shared part of the local fakes of the native login
 * providers (wechat.fake.ts, qq.fake.ts, weibo.fake.ts, facebook.fake.ts),
 * one HTTP server with each provider under its own prefix (`/wx`, `/qq`,
 * `/weibo`, `/facebook`: the OAUTH_<P>_API_BASE of the server under test).
 *
 * A provider's authorize URL shows a sign-in page (any account name, no
 * password: the person "scanning" or consenting); its form posts to
 * `<prefix>/consent`, which issues a single-use code bound to the app, the
 * redirect_uri and the PKCE challenge, and redirects the browser back the
 * way that provider does (or, on Cancel, the way it reports a refusal). `GET /issued` lists every code and access token
 * handed out (the e2e log check searches the logs for them).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An app registered with the fake provider; a redirect_uri must start with one of `redirectUris`. */
export type FakeApp = { clientId: string; clientSecret: string; redirectUris: string[] };

export type FakeRequest = { method: string; url: URL; headers: IncomingMessage['headers']; params: URLSearchParams };
export type FakeAnswer = { status: number; json?: unknown; text?: string; html?: string; location?: string };

/** What the person consented to: the code stands for it. */
export type Grant = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scope: string;
  login: string;
  /** PKCE S256 challenge (Facebook). */
  challenge: string | null;
};
export type CodeUse = { grant: Grant } | { error: 'unknown' | 'used' | 'expired' };

/** One provider: its sign-in pages (checking the query) and its API routes, by path under its prefix. */
export type ProviderFake = {
  name: string;
  /** A valid authorize query gives the grant (without the login); else the provider's error page. */
  authorize: Record<string, (req: FakeRequest) => Omit<Grant, 'login'> | FakeAnswer>;
  /** The browser's way back with the code. */
  redirect(grant: Grant, code: string): string;
  /** The browser's way back when the person cancels. */
  declined(grant: Omit<Grant, 'login'>): string;
  api: Record<string, (req: FakeRequest) => FakeAnswer>;
};

const CODE_TTL_MS = 5 * 60_000;

/** Codes and access tokens of one fake server. */
export function createFakeStore(now: () => number = Date.now) {
  const codes = new Map<string, { grant: Grant; expires: number; used: boolean }>();
  const tokens = new Map<string, Grant>();
  const issued = { codes: [] as string[], tokens: [] as string[] };
  return {
    issued,
    issueCode(grant: Grant): string {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { grant, expires: now() + CODE_TTL_MS, used: false });
      issued.codes.push(code);
      return code;
    },
    /** Uses the code up (a second use is refused, as the providers do). */
    takeCode(code: string | null): CodeUse {
      const found = code ? codes.get(code) : undefined;
      if (!found) return { error: 'unknown' };
      if (found.used) return { error: 'used' };
      found.used = true;
      if (found.expires < now()) return { error: 'expired' };
      return { grant: found.grant };
    },
    issueToken(grant: Grant): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, grant);
      issued.tokens.push(token);
      return token;
    },
    token: (value: string | null) => (value ? tokens.get(value) : undefined),
  };
}
export type FakeStore = ReturnType<typeof createFakeStore>;

/** A stable id of `parts` (a fake user's openid, uid…): `length` characters of `alphabet`. */
export function stableId(parts: string[], length: number, alphabet = '0123456789ABCDEF'): string {
  let n = BigInt(`0x${createHash('sha256').update(parts.join('\u0000')).digest('hex')}`);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += alphabet[Number(n % BigInt(alphabet.length))];
    n /= BigInt(alphabet.length);
  }
  return out;
}

export const findApp = (apps: FakeApp[], clientId: string | null) => apps.find((a) => a.clientId === clientId);
export const redirectAllowed = (app: FakeApp, uri: string | null) =>
  !!uri && URL.canParse(uri) && app.redirectUris.some((r) => uri.startsWith(r));
/** `uri` with the query parameters added. */
export function withQuery(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.href;
}

/** The grant an authorize query asks for (its redirect_uri already checked). */
export function grantOf(app: FakeApp, q: URLSearchParams, scope: string, challenge: string | null = null) {
  return { clientId: app.clientId, redirectUri: q.get('redirect_uri')!, state: q.get('state'), scope, challenge };
}

/** Back to the redirect_uri with `?code&state`, the way all four providers return. */
export const backWithCode = (g: Grant, code: string) => withQuery(g.redirectUri, { code, state: g.state });
/** Back without a code, only the state: how WeChat (and the QQ fake) report a cancelled sign-in. */
export const backWithStateOnly = (g: Omit<Grant, 'login'>) => withQuery(g.redirectUri, { state: g.state });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(name: string, prefix: string, request: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(name)} (local test provider)</title></head><body><main>
<h1>${escapeHtml(name)}</h1><p>Local test provider: sign in as any account to allow app ${escapeHtml(clientId)}.</p>
<form method="post" action="${prefix}/consent"><input type="hidden" name="request" value="${request}">
<label>Account <input name="login" autocomplete="off" required></label>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></form>
</main></body></html>`;
}

function send(res: ServerResponse, a: FakeAnswer) {
  if (a.location) res.setHeader('location', a.location);
  if (a.html !== undefined) res.setHeader('content-type', 'text/html;charset=utf-8');
  else if (a.json !== undefined) res.setHeader('content-type', 'application/json;charset=utf-8');
  else res.setHeader('content-type', 'text/plain;charset=utf-8');
  res.writeHead(a.status);
  res.end(a.html ?? (a.json !== undefined ? JSON.stringify(a.json) : (a.text ?? '')));
}

export type OAuthFakeServer = {
  url: string;
  /** The provider's base URL (its OAUTH_<P>_API_BASE). */
  base(prefix: string): string;
  issued: FakeStore['issued'];
  /** The next `n` API calls answer 503 with an HTML page (an outage). */
  failNext(n: number): void;
  /**
   * What a browser does: opens the authorize URL (with `userAgent`), signs in
   * as `login` and follows the redirect; the URL the provider sends it back to.
   */
  signIn(authorizeUrl: string, login: string, userAgent?: string): Promise<URL>;
  close(): Promise<void>;
};

export async function serveFakes(
  providers: Record<string, ProviderFake>,
  store: FakeStore,
  port = 0,
): Promise<OAuthFakeServer> {
  const pending = new Map<string, { prefix: string; grant: Omit<Grant, 'login'> }>();
  let outage = 0;

  function handle(req: FakeRequest): FakeAnswer {
    if (req.url.pathname === '/issued') return { status: 200, json: store.issued };
    const [, prefix = '', ...rest] = req.url.pathname.split('/');
    const provider = providers[prefix];
    const path = `/${rest.join('/')}`;
    if (!provider) return { status: 404, text: 'no such provider' };
    if (req.method === 'POST' && path === '/consent') {
      const request = pending.get(req.params.get('request') ?? '');
      if (request && req.params.get('decision') === 'cancel') {
        pending.delete(req.params.get('request')!);
        return { status: 302, location: provider.declined(request.grant) };
      }
      const login = req.params.get('login')?.trim();
      if (!request || request.prefix !== prefix || !login) return { status: 400, text: 'sign-in expired' };
      pending.delete(req.params.get('request')!);
      const grant = { ...request.grant, login };
      return { status: 302, location: provider.redirect(grant, store.issueCode(grant)) };
    }
    const page = lookup(provider.authorize, path);
    if (page && req.method === 'GET') {
      const checked = page(req);
      if ('status' in checked) return checked;
      const id = randomBytes(12).toString('hex');
      pending.set(id, { prefix, grant: checked });
      return { status: 200, html: signInPage(provider.name, `/${prefix}`, id, checked.clientId) };
    }
    const route = lookup(provider.api, path);
    if (!route) return { status: 404, text: `no route ${path}` };
    if (outage > 0) {
      outage -= 1;
      return { status: 503, html: '<html><body>Service Unavailable</body></html>' };
    }
    return route(req);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const params = new URLSearchParams(url.search);
      const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      if (isForm) for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params.set(k, v);
      try {
        send(res, handle({ method: req.method ?? 'GET', url, headers: req.headers, params }));
      } catch (e) {
        send(res, { status: 500, text: (e as Error).message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    base: (prefix) => `${url}/${prefix}`,
    issued: store.issued,
    failNext: (n) => {
      outage = n;
    },
    async signIn(authorizeUrl, login, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0') {
      const page = await fetch(authorizeUrl, { headers: { 'user-agent': userAgent } });
      const html = await page.text();
      const request = /name="request" value="([\w]+)"/.exec(html)?.[1];
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (page.status !== 200 || !request || !action) throw new Error(`sign-in page ${page.status}: ${html}`);
      const back = await fetch(new URL(action, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
        body: new URLSearchParams({ request, login, decision: 'allow' }).toString(),
        redirect: 'manual',
      });
      const location = back.headers.get('location');
      if (back.status !== 302 || !location) throw new Error(`consent ${back.status}: ${await back.text()}`);
      return new URL(location);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The entry for `path`; in a key, a `:name` segment matches any one segment (`/:version/me`). */
function lookup<T>(routes: Record<string, T>, path: string): T | undefined {
  const b = path.split('/');
  const matches = (pattern: string) => {
    const a = pattern.split('/');
    return a.length === b.length && a.every((s, i) => s.startsWith(':') || s === b[i]);
  };
  return routes[path] ?? Object.entries(routes).find(([p]) => matches(p))?.[1];
}
