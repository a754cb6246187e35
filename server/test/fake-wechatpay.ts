/**
 * A local fake of the WeChat Pay API v3 (WECHATPAY_API_BASE), checking what WeChat Pay
 * checks: the `WECHATPAY2-SHA256-RSA2048` Authorization (mchid, serial_no, a fresh timestamp,
 * RSA-SHA256 over "method\nurl\ntimestamp\nnonce\nbody\n" with the merchant's public key) and
 * the body's parameters; answering its JSON shapes and error shape `{code, message}` with the
 * answer signed by the platform key (Wechatpay-Timestamp/-Nonce/-Signature/-Serial).
 * Implements native orders, the transaction query, refunds (idempotent by out_refund_no,
 * answered PROCESSING, then a `REFUND.SUCCESS` / `REFUND.ABNORMAL` notification whose resource
 * is AES-256-GCM encrypted with the APIv3 key) and the refund query.
 */
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WechatKeys = {
  mchId: string;
  serialNo: string;
  merchantPublicKey: KeyObject;
  platformKey: KeyObject;
  apiV3Key: string;
};

/** Headers the platform signs an answer or notification with. */
export function platformHeaders(body: string, key: KeyObject, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': 'PLATFORM-SERIAL',
  };
}

/** A notification resource, AES-256-GCM with the APIv3 key as WeChat Pay encrypts it. */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: 'transaction' | 'refund') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: associatedData,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}

/** A notification body: `event_type` and the encrypted `resource`. */
export function wechatNotification(apiV3Key: string, eventType: string, resource: object) {
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: eventType,
    resource: encryptResource(
      apiV3Key,
      JSON.stringify(resource),
      eventType.startsWith('REFUND.') ? 'refund' : 'transaction',
    ),
  });
}

type Refund = {
  mchid: string;
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  success_time?: string;
  create_time: string;
  amount: { total: number; refund: number; payer_total: number; payer_refund: number; currency: 'CNY' };
};
type Trade = { transactionId: string; total: number; refunded: number; paid: boolean };
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
/** Posts a signed notification to the merchant's notify_url; answers its status. */
export type WechatDeliver = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

export async function startFakeWechatPay(k: WechatKeys, deliver: WechatDeliver) {
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, Refund>();
  const seen: { method: string; url: string; authorization: string; verified: boolean; body: string }[] = [];
  const deliveries: { event: string; status: number }[] = [];
  /** outcome: what a refund becomes when its notification is sent; the rest as in fake-alipay.ts. */
  const state = {
    balance: Number.POSITIVE_INFINITY,
    expired: new Set<string>(),
    loseAnswers: 0,
    systemErrors: 0,
    outcome: 'SUCCESS' as 'SUCCESS' | 'ABNORMAL',
    notify: true,
    /** The next answers are altered after signing (an unpaid trade reads as paid), as a man in the middle would. */
    forgeAnswers: 0,
  };
  let pending: Promise<unknown> = Promise.resolve();

  function verifyAuthorization(req: IncomingMessage, body: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const a = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (a.mchid !== k.mchId || a.serial_no !== k.serialNo || !a.nonce_str || !a.signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(a.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${a.timestamp}\n${a.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256').update(message).verify(k.merchantPublicKey, a.signature, 'base64');
  }

  function settle(r: Refund, outcome: 'SUCCESS' | 'ABNORMAL') {
    r.status = outcome;
    const trade = trades.get(r.out_trade_no)!;
    if (outcome === 'SUCCESS') r.success_time = new Date().toISOString();
    else trade.refunded -= r.amount.refund;
    if (!state.notify) return;
    const { status: refund_status, success_time, amount, ...rest } = r;
    const notice = { ...rest, refund_status, success_time, amount: { ...amount } };
    const body = wechatNotification(k.apiV3Key, `REFUND.${outcome}`, notice);
    pending = pending
      .then(async () =>
        deliveries.push({ event: `REFUND.${outcome}`, ...(await deliver(body, platformHeaders(body, k.platformKey))) }),
      )
      .catch(() => undefined);
  }

  function createRefund(p: Record<string, unknown>): Refund {
    const outRefundNo = typeof p.out_refund_no === 'string' ? p.out_refund_no : '';
    const amount = p.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    if (!outRefundNo || !amount || !Number.isInteger(amount.refund) || !Number.isInteger(amount.total)) {
      throw new ApiError(400, 'PARAM_ERROR', '参数错误');
    }
    if (amount.currency !== 'CNY') throw new ApiError(400, 'PARAM_ERROR', '币种错误');
    const trade = trades.get(String(p.out_trade_no ?? ''));
    if (!trade?.paid) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const refund = amount.refund as number;
    const before = refunds.get(outRefundNo);
    if (before) {
      if (before.amount.refund !== refund) throw new ApiError(400, 'INVALID_REQUEST', '同一退款单号多次请求金额不一致');
      return before;
    }
    if (state.systemErrors > 0) {
      state.systemErrors -= 1;
      throw new ApiError(500, 'SYSTEM_ERROR', '系统繁忙，请稍后重试');
    }
    if (amount.total !== trade.total) throw new ApiError(400, 'INVALID_REQUEST', '订单金额不一致');
    if (state.expired.has(String(p.out_trade_no))) throw new ApiError(400, 'INVALID_REQUEST', '订单已超过退款期限');
    if (refund < 1 || refund > trade.total - trade.refunded)
      throw new ApiError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    if (refund > state.balance) throw new ApiError(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
    state.balance -= refund;
    trade.refunded += refund;
    const r: Refund = {
      mchid: k.mchId,
      refund_id: `5030${randomBytes(12).toString('hex')}`,
      out_refund_no: outRefundNo,
      transaction_id: trade.transactionId,
      out_trade_no: String(p.out_trade_no),
      status: 'PROCESSING',
      create_time: new Date().toISOString(),
      amount: { total: trade.total, refund, payer_total: trade.total, payer_refund: refund, currency: 'CNY' },
    };
    refunds.set(outRefundNo, r);
    // WeChat Pay answers PROCESSING and notifies the outcome afterwards
    setImmediate(() => settle(r, state.outcome));
    return r;
  }

  function answer(res: ServerResponse, status: number, payload: unknown) {
    const body = status === 204 ? '' : JSON.stringify(payload);
    const headers = platformHeaders(body, k.platformKey);
    let sent = body;
    if (state.forgeAnswers > 0 && payload && typeof payload === 'object') {
      state.forgeAnswers -= 1;
      const forged = { ...(payload as Record<string, unknown>), trade_state: 'SUCCESS', transaction_id: '4200forged' };
      sent = JSON.stringify({ ...forged, success_time: new Date().toISOString() });
    }
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(sent);
  }

  function route(method: string, path: string, p: Record<string, unknown>): [number, unknown] {
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      trades.set(String(p.out_trade_no), {
        transactionId: '',
        total: (p.amount as { total: number }).total,
        refunded: 0,
        paid: false,
      });
      return [200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` }];
    }
    const tx = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)$/.exec(path);
    if (method === 'GET' && tx) {
      const trade = trades.get(decodeURIComponent(tx[1]!));
      if (!trade) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
      const paid = trade.paid ? { transaction_id: trade.transactionId, success_time: new Date().toISOString() } : {};
      return [
        200,
        {
          mchid: k.mchId,
          out_trade_no: decodeURIComponent(tx[1]!),
          trade_state: trade.paid ? 'SUCCESS' : 'NOTPAY',
          ...paid,
          amount: { total: trade.total, currency: 'CNY' },
        },
      ];
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const { status, ...r } = createRefund(p);
      return [
        200,
        { ...r, status, channel: 'ORIGINAL', user_received_account: '支付用户零钱', funds_account: 'AVAILABLE' },
      ];
    }
    const rq = /^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/.exec(path);
    if (method === 'GET' && rq) {
      const r = refunds.get(decodeURIComponent(rq[1]!));
      if (!r) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return [200, { ...r, channel: 'ORIGINAL', user_received_account: '支付用户零钱', funds_account: 'AVAILABLE' }];
    }
    throw new ApiError(404, 'NOT_FOUND', `${method} ${path}`);
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const verified = verifyAuthorization(req, body);
      const url = req.url ?? '/';
      seen.push({ method: req.method ?? '', url, authorization: req.headers.authorization ?? '', verified, body });
      try {
        if (!verified) throw new ApiError(401, 'SIGN_ERROR', '签名错误');
        let payload: Record<string, unknown> = {};
        try {
          payload = body ? JSON.parse(body) : {};
        } catch {
          throw new ApiError(400, 'PARAM_ERROR', '请求体不是 JSON');
        }
        const [status, out] = route(req.method ?? '', new URL(url, 'http://x').pathname, payload);
        if (url.startsWith('/v3/refund/domestic/refunds') && req.method === 'POST' && state.loseAnswers > 0) {
          state.loseAnswers -= 1;
          res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout');
          return;
        }
        answer(res, status, out);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        answer(res, e.status, { code: e.code, message: e.message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    trades,
    refunds,
    seen,
    deliveries,
    state,
    /** The payer pays the trade of our order (opened by a native order, or now): answers the transaction id. */
    pay(orderNo: string, total: number) {
      const transactionId = `4200${randomBytes(12).toString('hex')}`;
      trades.set(orderNo, { transactionId, total, refunded: 0, paid: true });
      return transactionId;
    },
    /** Waits for the notifications sent after an answer. */
    settled: async () => {
      await new Promise((r) => setImmediate(r));
      await pending;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
