/**
 * FastSpring's popup storefront (docs/decisions/0053-popup-storefront.md): pay method 7 with the
 * `fastspring` channel. Starting a payment hands the web what the Store Builder Library needs —
 * its script, the popup storefront, the access key and a secure payload: the session (the goods'
 * FastSpring product at OUR price, the tags naming our order and the account) encrypted as
 * FastSpring asks (AES-128-ECB under a random key; that key encrypted with our RSA private key,
 * whose public half FastSpring holds). The member pays in FastSpring's popup; FastSpring tells us
 * through its server webhooks, a batch of events signed with X-FS-Signature (base64 HMAC-SHA256 of
 * the raw body under the webhook's secret), applied by store-purchases/fastspring-events.ts.
 */
import { constants, createCipheriv, createHmac, privateEncrypt, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import type { FastspringConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PaymentGateway, toDecimal } from './types.ts';

/** One event of a webhook post (`{"events": [...]}`). */
export type FastspringEvent = {
  id: string;
  type: string;
  live: boolean;
  created: number | null;
  data: Record<string, unknown>;
};

/** The tags our secure payload puts on every FastSpring order (and so on its subscription). */
export type FastspringTags = { orderNo: string; account: string };

/** The session FastSpring decrypts from the secure payload. */
export type FastspringSession = {
  reset: true;
  products: { path: string; quantity: number; pricing: { price: Record<string, number> } }[];
  tags: FastspringTags;
};

/** Encrypts a session the way the Store Builder Library's `fastspring.builder.secure` expects it. */
export function securePayload(session: FastspringSession, privateKey: string) {
  const aesKey = randomBytes(16);
  const cipher = createCipheriv('aes-128-ecb', aesKey, null);
  const payload = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  const key = privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, aesKey);
  return { securePayload: payload.toString('base64'), secureKey: key.toString('base64') };
}

/** X-FS-Signature of a body under a secret. */
export function fastspringSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The events of a webhook post, after its signature was checked against the raw body; anything
 * unsigned, mis-signed or not FastSpring's shape is refused with 2600040.
 */
export function verifyFastspringWebhook(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): FastspringEvent[] {
  const refuse = (why: string) => new AppError(Code.storefrontSignatureInvalid, why);
  if (!signature) throw refuse('no X-FS-Signature');
  const expected = Buffer.from(fastspringSignature(secret, rawBody));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('signature mismatch');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw refuse('not JSON');
  }
  if (!isRecord(body) || !Array.isArray(body.events)) throw refuse('no events array');
  return body.events.map((e: unknown) => {
    if (!isRecord(e) || typeof e.id !== 'string' || !e.id || typeof e.type !== 'string' || !isRecord(e.data)) {
      throw refuse('an event without id, type or data');
    }
    return {
      id: e.id,
      type: e.type,
      live: e.live === true,
      created: typeof e.created === 'number' ? e.created : null,
      data: e.data,
    };
  });
}

/** The origins the member's browser reaches for the popup: the script's, and the storefront's. */
export function storefrontOrigins(c: FastspringConfig | undefined): string[] {
  if (!c) return [];
  const storefront = `https://${c.storefront.split('/')[0]}`;
  return [...new Set([new URL(c.scriptUrl).origin, storefront])];
}

export function createFastspringGateway(d: { config: FastspringConfig }): PaymentGateway {
  const c = d.config;
  return {
    name: 'fastspring',
    // FastSpring names no merchant in its events: what is compared is the store's mode
    merchant: c.mode,
    currencies: ['USD'],
    async start(req) {
      const path = req.goodsCode ? c.products[req.goodsCode] : undefined;
      if (!path || !req.userId) throw new AppError(Code.storefrontProductMissing, req.goodsCode ?? '');
      const session: FastspringSession = {
        reset: true,
        products: [{ path, quantity: 1, pricing: { price: { [req.currency]: Number(toDecimal(req.amount)) } } }],
        tags: { orderNo: req.orderNo, account: req.userId },
      };
      return {
        kind: 'popup',
        popup: {
          scriptUrl: c.scriptUrl,
          storefront: c.storefront,
          accessKey: c.accessKey,
          ...securePayload(session, c.privateKey),
        },
      };
    },
    // FastSpring's answer comes by its webhooks (retried by FastSpring until we answer 2xx); this
    // server holds no API credentials to ask it, so an order awaiting one stays awaiting
    async query() {
      return { result: 'pending' };
    },
  };
}
