/**
 * A local FastSpring for the tests (docs/decisions/0053-popup-storefront.md): it serves a Store
 * Builder Library script (`fastspring.builder.secure` and `.checkout`, the `fsc-api` script's
 * data-storefront, data-access-key and data-popup-closed attributes) whose checkout opens a popup
 * over the page in a frame of this server. The session is decrypted as FastSpring does (the AES
 * key with our public key, then AES-128-ECB): a payload not encrypted with our key is refused.
 * The popup's Pay button completes a FastSpring order at the session's price and posts the signed
 * `order.completed` webhook (X-FS-Signature = base64 HMAC-SHA256 of the body) to our server, then
 * closes, calling the page's popup-closed callback with the order's id and reference. The tests
 * also build and sign any event themselves (`webhook`).
 */
import { constants, createDecipheriv, createHmac, publicDecrypt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFastspringEvent = { id?: string; type: string; live?: boolean; data: Record<string, unknown> };
export type FakeSession = {
  id: string;
  accessKey: string;
  storefront: string;
  products: { path: string; quantity: number; pricing: { price: Record<string, number> } }[];
  tags: Record<string, string>;
  order?: { id: string; reference: string };
};

type Options = {
  /** Our public key (the half FastSpring holds of FASTSPRING_PRIVATE_KEY). */
  publicKey: string;
  webhookSecret: string;
  accessKey: string;
  /** Where the webhooks go: our server's URL, or a function (server tests inject into the app). */
  deliver: string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);
  /** Whether events say `live: true` (a live store) — false for a `.test.` storefront. */
  live?: boolean;
  port?: number;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** The Store Builder Library as the member's page gets it (served from `origin`). */
const builderScript = (origin: string) => `(function () {
  var me = document.getElementById('fsc-api');
  var storefront = me && me.getAttribute('data-storefront');
  var accessKey = me && me.getAttribute('data-access-key');
  var closedName = me && me.getAttribute('data-popup-closed');
  var secured = null;
  var overlay = null;
  function closed(order) {
    if (overlay) { overlay.remove(); overlay = null; }
    var cb = closedName && window[closedName];
    if (typeof cb === 'function') cb(order);
  }
  window.addEventListener('message', function (e) {
    if (e.origin !== ${JSON.stringify(origin)} || !e.data || e.data.fsc !== 'closed') return;
    closed(e.data.order || null);
  });
  window.fastspring = { builder: {
    secure: function (payload, key) { secured = { securePayload: payload, secureKey: key }; },
    checkout: function () {
      if (!secured) return;
      fetch(${JSON.stringify(`${origin}/popup/session`)}, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ storefront: storefront, accessKey: accessKey, securePayload: secured.securePayload, secureKey: secured.secureKey })
      }).then(function (r) { return r.json(); }).then(function (s) {
        if (!s.id) { closed(null); return; }
        if (overlay) overlay.remove();
        overlay = document.createElement('div');
        overlay.setAttribute('data-testid', 'fastspring-popup');
        overlay.style.cssText = 'position:fixed;inset:0;z-index:2000;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center';
        var frame = document.createElement('iframe');
        frame.title = 'FastSpring';
        frame.src = ${JSON.stringify(`${origin}/popup/`)} + s.id;
        frame.style.cssText = 'width:420px;height:360px;border:0;background:#fff;border-radius:8px';
        overlay.appendChild(frame);
        document.body.appendChild(overlay);
      });
    }
  } };
})();
`;

const popupPage = (s: FakeSession) => {
  const p = s.products[0];
  const price = p ? Object.entries(p.pricing.price)[0] : undefined;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FastSpring checkout</title>
<style>body{font:16px system-ui,sans-serif;margin:24px;color:#1f1f1f}button{font:inherit;padding:8px 16px;margin-right:8px}</style></head>
<body><h1 style="font-size:20px">FastSpring (test)</h1>
<p>Product <b id="fs-product">${p?.path ?? ''}</b></p>
<p>Total <b id="fs-total">${price ? `${price[1]} ${price[0]}` : ''}</b></p>
<button id="fs-pay" type="button">Pay</button><button id="fs-close" type="button">Close</button>
<script>
  function done(order) { parent.postMessage({ fsc: 'closed', order: order }, '*'); }
  document.getElementById('fs-pay').addEventListener('click', function () {
    fetch('/popup/${s.id}/pay', { method: 'POST' }).then(function (r) { return r.json(); }).then(done);
  });
  document.getElementById('fs-close').addEventListener('click', function () { done(null); });
</script></body></html>`;
};

export async function startFakeFastspring(o: Options) {
  const sessions = new Map<string, FakeSession>();
  const deliveries: Promise<unknown>[] = [];
  let orders = 0;

  function decrypt(securePayload: string, secureKey: string): FakeSession['products'] | null {
    try {
      const aesKey = publicDecrypt(
        { key: o.publicKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(secureKey, 'base64'),
      );
      const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
      const json = Buffer.concat([decipher.update(Buffer.from(securePayload, 'base64')), decipher.final()]);
      return JSON.parse(json.toString('utf8')) as never;
    } catch {
      return null;
    }
  }

  /** A webhook post of `events`, signed with the secret (or by a forger who has another). */
  function webhook(events: FakeFastspringEvent[], by: 'fastspring' | 'forger' = 'fastspring') {
    const body = JSON.stringify({
      events: events.map((e) => ({
        id: e.id ?? randomUUID().replace(/-/g, ''),
        live: e.live ?? o.live ?? false,
        processed: false,
        type: e.type,
        created: Date.now(),
        data: e.data,
      })),
    });
    const secret = by === 'fastspring' ? o.webhookSecret : 'not-the-webhook-secret-0123456789';
    const signature = createHmac('sha256', secret).update(body, 'utf8').digest('base64');
    return { body, headers: { 'content-type': 'application/json', 'x-fs-signature': signature } };
  }

  async function send(events: FakeFastspringEvent[]) {
    const w = webhook(events);
    if (typeof o.deliver === 'function') return o.deliver(w.body, w.headers);
    const res = await fetch(o.deliver, { method: 'POST', headers: w.headers, body: w.body });
    return { status: res.status };
  }

  /** The order.completed event of a paid session, as FastSpring sends it. */
  function completedEvent(s: FakeSession): FakeFastspringEvent {
    const order = s.order!;
    const p = s.products[0]!;
    const [currency, price] = Object.entries(p.pricing.price)[0]!;
    return {
      type: 'order.completed',
      data: {
        order: order.id,
        id: order.id,
        reference: order.reference,
        completed: true,
        changed: Date.now(),
        live: o.live ?? false,
        currency,
        total: price,
        subtotal: price,
        tax: 0,
        tags: s.tags,
        items: [{ product: p.path, quantity: p.quantity, subtotal: price }],
      },
    };
  }

  /** Pays a session as the popup's Pay button does: its order completed, the webhook sent. */
  async function pay(sessionId: string) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    orders += 1;
    s.order ??= { id: `FsOrd${randomUUID().replace(/-/g, '').slice(0, 16)}`, reference: `ACC${240000 + orders}-1` };
    const delivery = send([completedEvent(s)]);
    deliveries.push(delivery.catch(() => undefined));
    await delivery;
    return s.order;
  }

  const server = createServer((req, res) => {
    void route(req, res).catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.setHeader('access-control-allow-origin', '*');
    // the page's requests may carry headers of their own (the e2e tests' X-Forwarded-For): a preflight
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST');
      res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/sbl/fastspring-builder.min.js') {
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      res.end(builderScript(origin()));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/popup/session') {
      const b = JSON.parse(await readBody(req)) as Record<string, string>;
      const session = b.accessKey === o.accessKey ? decrypt(b.securePayload ?? '', b.secureKey ?? '') : null;
      res.setHeader('content-type', 'application/json');
      if (!session) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: 'the secure payload is not encrypted with the store’s key' }));
        return;
      }
      const id = randomUUID();
      const decoded = session as unknown as Omit<FakeSession, 'id' | 'accessKey' | 'storefront'>;
      sessions.set(id, {
        id,
        accessKey: b.accessKey!,
        storefront: b.storefront ?? '',
        products: decoded.products,
        tags: decoded.tags,
      });
      res.end(JSON.stringify({ id }));
      return;
    }
    const page = /^\/popup\/([0-9a-f-]{36})(\/pay)?$/.exec(url.pathname);
    const s = page ? sessions.get(page[1]!) : undefined;
    if (s && req.method === 'GET' && !page?.[2]) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(popupPage(s));
      return;
    }
    if (s && req.method === 'POST' && page?.[2]) {
      const order = await pay(s.id);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: order.id, reference: order.reference }));
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  }

  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = origin();
  return {
    url,
    scriptUrl: `${url}/sbl/fastspring-builder.min.js`,
    sessions,
    /** Decrypts a secure payload as FastSpring would (null: not encrypted with our key). */
    decrypt: (securePayload: string, secureKey: string) =>
      decrypt(securePayload, secureKey) as unknown as { products: FakeSession['products']; tags: FakeSession['tags'] },
    /** Opens a session from a pay call's answer, as the script's checkout() does. */
    open(popup: { accessKey: string; storefront: string; securePayload: string; secureKey: string }) {
      const decoded = popup.accessKey === o.accessKey ? decrypt(popup.securePayload, popup.secureKey) : null;
      if (!decoded) return null;
      const d = decoded as unknown as Omit<FakeSession, 'id' | 'accessKey' | 'storefront'>;
      const id = randomUUID();
      sessions.set(id, { id, accessKey: popup.accessKey, storefront: popup.storefront, ...d });
      return id;
    },
    pay,
    completedEvent,
    webhook,
    send,
    settled: () => Promise.all(deliveries),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeFastspring = Awaited<ReturnType<typeof startFakeFastspring>>;
