/**
 * A local fake of Alipay's OpenAPI gateway (`gateway.do`) for alipay-sdk to talk to
 * (ALIPAY_GATEWAY), checking what Alipay checks: the app id, RSA2 over the sorted
 * `key=value` pairs of every parameter but `sign` (query string and form body together,
 * verified with the application's public key), and the biz_content parameters. It answers
 * Alipay's shapes — `{"<method>_response":{code, msg, sub_code, sub_msg, …}, "sign"}` with the
 * inner JSON signed by the Alipay key pair — for alipay.trade.refund (idempotent by
 * out_request_no, fund_change Y/N, its refusals), alipay.trade.fastpay.refund.query and
 * alipay.trade.query (the trade's status, as reconciliation asks it). `state.forgeAnswers`
 * alters the next answers after signing them (a trade still waiting reads as paid), as a
 * man in the middle would. `signLikeAlipay` signs notifications the way Alipay does.
 *
 * Agreement payments (periodic deduction): alipay.user.agreement.page.sign opened as a page (its
 * signed query checked, the signing remembered with its notify_url and periodic rule), `sign`
 * makes the agreement and answers Alipay's signed dut_user_sign notification, `unsignAtAlipay` the
 * dut_user_unsign of a member ending it in Alipay; the page's Sign button (the browser journey,
 * e2e/support/fake-alipay-server.ts) does what `sign` does and posts the notification to the
 * signing's notify_url itself, then sends the member back to its return_url; alipay.trade.pay with GENERAL_WITHHOLDING
 * deducts under an agreement (idempotent by out_trade_no: ACQ.TRADE_HAS_SUCCESS when taken
 * before; `state.declines` refuses the next ones with ACQ.BUYER_BALANCE_NOT_ENOUGH,
 * `state.loseDeductions` takes the money and loses the answer), alipay.user.agreement.unsign.
 */
import { createSign, createVerify, type KeyObject, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Alipay's notification signature: sorted key=value pairs without sign and sign_type, RSA-SHA256, base64. */
export function signLikeAlipay(params: Record<string, string>, key: KeyObject) {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return { ...params, sign_type: 'RSA2', sign: createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64') };
}

const fen = (text: unknown) => {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(text ?? ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
};
const yuan = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
/** Beijing time as Alipay writes it: "2026-01-05 12:30:00". */
const beijing = (d = new Date()) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

type Refund = { amount: number; at: string };
type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS';
type Trade = {
  tradeNo: string;
  total: number;
  refunded: number;
  refunds: Map<string, Refund>;
  status: TradeStatus;
  paidAt: string | null;
};
type Inner = Record<string, unknown>;

const failed = (sub_code: string, sub_msg: string, code = '40004', msg = 'Business Failed'): Inner => ({
  code,
  msg,
  sub_code,
  sub_msg,
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;

type Signing = { biz: Inner; notifyUrl: string; returnUrl: string };
type Agreement = { agreementNo: string; signRef: string; userId: string; status: 'NORMAL' | 'UNSIGN'; max: number };

/** Text for the fake's HTML pages. */
const html = (text: unknown) => String(text ?? '').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The signing page: the agreement the member is asked to sign, and its Sign button. */
function signingPage(signRef: string, biz: Inner) {
  const rule = (biz.period_rule_params ?? {}) as Inner;
  const every = rule.period === 1 ? 'every month' : `every ${html(rule.period)} months`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Alipay agreement</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;background:#f5f7fa;margin:0}main{max-width:420px;margin:64px auto;background:#fff;
border-radius:12px;padding:32px;box-shadow:0 2px 12px #0001}h1{color:#1677ff;font-size:22px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}dd{margin:0}
button{width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff;cursor:pointer}</style>
</head><body><main><h1>Fake Alipay agreement</h1>
<p>Allow the merchant to deduct from your Alipay account periodically.</p>
<dl><dt>Deduction</dt><dd data-testid="rule">${every}, at most <span data-testid="amount">${html(rule.single_amount)} CNY</span> each time</dd>
<dt>First deduction</dt><dd>${html(rule.execute_time)}</dd><dt>Product</dt><dd>${html(biz.personal_product_code)} · ${html(biz.sign_scene)}</dd></dl>
<form method="post" action="/agreement/sign"><input type="hidden" name="external_agreement_no" value="${html(signRef)}">
<button type="submit">Sign</button></form></main></body></html>`;
}

export async function startFakeAlipay(o: {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  /** A fixed port (the e2e run's); any free one without it. */
  port?: number;
}) {
  const trades = new Map<string, Trade>();
  /** Every refund call as it arrived (verified or not). */
  const calls: { method: string; biz: Inner; verified: boolean }[] = [];
  /** Every alipay.trade.query as it arrived. */
  const queries: { biz: Inner; verified: boolean }[] = [];
  /** Signing pages opened (by external_agreement_no), the agreements made, every deduction asked. */
  const signings = new Map<string, Signing>();
  const agreements = new Map<string, Agreement>();
  const deductions: { biz: Inner; verified: boolean }[] = [];
  const state = {
    declines: 0,
    loseDeductions: 0,
    balance: Number.POSITIVE_INFINITY,
    finished: new Set<string>(),
    loseAnswers: 0,
    systemErrors: 0,
    forgeAnswers: 0,
  };

  function refund(biz: Inner): Inner {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const amount = fen(biz.refund_amount);
    if (!Number.isSafeInteger(amount) || amount < 1) return failed('ACQ.INVALID_PARAMETER', '参数无效', '40002');
    const requestNo = String(biz.out_request_no ?? biz.out_trade_no);
    const base = { out_trade_no: biz.out_trade_no, trade_no: trade.tradeNo, buyer_logon_id: '159****5620' };
    const before = trade.refunds.get(requestNo);
    if (before) {
      if (before.amount !== amount) return failed('ACQ.DISCORDANT_REPEAT_REQUEST', '不一致的请求');
      return { code: '10000', msg: 'Success', ...base, fund_change: 'N', refund_fee: yuan(trade.refunded) };
    }
    if (state.systemErrors > 0) {
      state.systemErrors -= 1;
      return failed('ACQ.SYSTEM_ERROR', '系统错误');
    }
    if (state.finished.has(String(biz.out_trade_no))) return failed('ACQ.TRADE_HAS_FINISHED', '交易已完结');
    if (amount > trade.total - trade.refunded) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    if (amount > state.balance) return failed('ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
    const at = beijing();
    trade.refunds.set(requestNo, { amount, at });
    trade.refunded += amount;
    state.balance -= amount;
    return {
      code: '10000',
      msg: 'Success',
      ...base,
      fund_change: 'Y',
      refund_fee: yuan(trade.refunded),
      gmt_refund_pay: at,
    };
  }

  function refundQuery(biz: Inner): Inner {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const requestNo = String(biz.out_request_no ?? '');
    const done = trade.refunds.get(requestNo);
    // 10000 only says the query worked; no refund data: not refunded
    if (!done) return { code: '10000', msg: 'Success' };
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: biz.out_trade_no,
      out_request_no: requestNo,
      total_amount: yuan(trade.total),
      refund_amount: yuan(done.amount),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: done.at,
    };
  }

  function query(biz: Inner): Inner {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: biz.out_trade_no,
      buyer_logon_id: '159****5620',
      trade_status: trade.status,
      total_amount: yuan(trade.total),
      ...(trade.paidAt ? { send_pay_date: trade.paidAt } : {}),
    };
  }

  function deduct(biz: Inner): Inner {
    const orderNo = String(biz.out_trade_no ?? '');
    const agreementNo = String((biz.agreement_params as Inner | undefined)?.agreement_no ?? '');
    const amount = fen(biz.total_amount);
    if (biz.product_code !== 'GENERAL_WITHHOLDING' || !orderNo || !Number.isSafeInteger(amount) || amount < 1) {
      return failed('ACQ.INVALID_PARAMETER', '参数无效', '40002');
    }
    const before = trades.get(orderNo);
    if (before?.status === 'TRADE_SUCCESS') return failed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    const agreement = agreements.get(agreementNo);
    if (!agreement) return failed('ACQ.AGREEMENT_NOT_EXIST', '协议不存在');
    if (agreement.status !== 'NORMAL') return failed('ACQ.AGREEMENT_INVALID', '用户协议失效');
    if (amount > agreement.max) return failed('ACQ.TOTAL_FEE_EXCEED', '订单金额超过限额');
    if (state.declines > 0) {
      state.declines -= 1;
      return failed('ACQ.BUYER_BALANCE_NOT_ENOUGH', '买家余额不足');
    }
    const tradeNo = open(orderNo, amount, 'TRADE_SUCCESS');
    return {
      code: '10000',
      msg: 'Success',
      trade_no: tradeNo,
      out_trade_no: orderNo,
      buyer_user_id: agreement.userId,
      total_amount: yuan(amount),
      gmt_payment: trades.get(orderNo)?.paidAt,
    };
  }

  function unsign(biz: Inner): Inner {
    const agreement = agreements.get(String(biz.agreement_no ?? ''));
    if (!agreement) return failed('USER_AGENT_NOT_EXIST', '用户协议不存在');
    if (agreement.status === 'UNSIGN') return failed('AGREEMENT_HAS_UNSIGNED', '协议已解约');
    agreement.status = 'UNSIGN';
    return { code: '10000', msg: 'Success' };
  }

  const server = createServer(async (req, res) => {
    if (req.method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === '/agreement/sign') {
      await signOnPage(new URLSearchParams(await readBody(req)).get('external_agreement_no') ?? '', res);
      return;
    }
    const params: Record<string, string> = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    const method = params.method ?? '';
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const verified =
      params.app_id === o.appId &&
      params.sign_type === 'RSA2' &&
      Boolean(params.sign) &&
      createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(o.appPublicKey, params.sign ?? '', 'base64');
    let biz: Inner = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}');
    } catch {}
    if (method === 'alipay.user.agreement.page.sign') {
      // Alipay's signing page: opened in the browser with the signed request in its query
      if (!verified) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid-signature');
        return;
      }
      signings.set(String(biz.external_agreement_no ?? ''), {
        biz,
        notifyUrl: params.notify_url ?? '',
        returnUrl: params.return_url ?? '',
      });
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      res.end(signingPage(String(biz.external_agreement_no ?? ''), biz));
      return;
    }
    let inner: Inner;
    if (!verified) inner = failed('isv.invalid-signature', '验签出错', '40002', 'Invalid Arguments');
    else if (method === 'alipay.trade.pay') inner = deduct(biz);
    else if (method === 'alipay.user.agreement.unsign') inner = unsign(biz);
    else if (method === 'alipay.trade.refund') inner = refund(biz);
    else if (method === 'alipay.trade.fastpay.refund.query') inner = refundQuery(biz);
    else if (method === 'alipay.trade.query') inner = query(biz);
    else inner = failed('isv.invalid-method', '不存在的方法名', '40002', 'Invalid Arguments');
    if (method === 'alipay.trade.refund' || method === 'alipay.trade.fastpay.refund.query') {
      calls.push({ method, biz, verified });
    }
    if (method === 'alipay.trade.query') queries.push({ biz, verified });
    if (method === 'alipay.trade.pay') deductions.push({ biz, verified });
    if (method === 'alipay.trade.pay' && state.loseDeductions > 0 && inner.code === '10000') {
      state.loseDeductions -= 1;
      res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout');
      return;
    }
    if (method === 'alipay.trade.refund' && state.loseAnswers > 0) {
      // the refund is made, its answer is lost on the way (a proxy's timeout)
      state.loseAnswers -= 1;
      res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout');
      return;
    }
    const signed = JSON.stringify(inner);
    const sign = createSign('RSA-SHA256').update(signed, 'utf8').sign(o.alipayPrivateKey, 'base64');
    let text = signed;
    if (state.forgeAnswers > 0) {
      state.forgeAnswers -= 1;
      text = JSON.stringify({ ...inner, ...(inner.trade_status ? { trade_status: 'TRADE_SUCCESS' } : {}), msg: 'OK' });
    }
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${method.replaceAll('.', '_')}_response":${text},"sign":"${sign}"}`);
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  function open(orderNo: string, total: number, status: TradeStatus) {
    const tradeNo = `2026${String(randomInt(1e9)).padStart(9, '0')}22001400000${String(randomInt(1e6)).padStart(6, '0')}`;
    const paidAt = status === 'TRADE_SUCCESS' ? beijing() : null;
    trades.set(orderNo, { tradeNo, total, refunded: 0, refunds: new Map(), status, paidAt });
    return tradeNo;
  }

  /**
   * The member's Sign on the signing page: the agreement made, Alipay's signed dut_user_sign posted
   * to the signing's notify_url (our server must answer `success`), then back to its return_url.
   */
  async function signOnPage(signRef: string, res: ServerResponse) {
    if (!signings.has(signRef)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no signing page was opened for this agreement');
      return;
    }
    const { notice, notifyUrl, returnUrl } = sign(signRef);
    let answer: string;
    try {
      const posted = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(notice).toString(),
      });
      answer = (await posted.text()).trim();
    } catch (e) {
      answer = (e as Error).message;
    }
    if (answer !== 'success') {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`the merchant answered the notification: ${answer}`);
      return;
    }
    res.writeHead(303, { location: returnUrl }).end();
  }

  let agreementSeq = 0;
  /** An agreement notification as Alipay sends it (dut_user_sign / dut_user_unsign), signed. */
  function agreementNotice(a: Agreement, type: 'dut_user_sign' | 'dut_user_unsign'): Record<string, string> {
    const now = beijing();
    const params: Record<string, string> = {
      app_id: o.appId,
      notify_type: type,
      notify_id: `${type}${randomInt(1e9)}${Date.now()}`,
      notify_time: now,
      charset: 'utf-8',
      version: '1.0',
      agreement_no: a.agreementNo,
      external_agreement_no: a.signRef,
      alipay_user_id: a.userId,
      alipay_logon_id: '159****5620',
      personal_product_code: 'CYCLE_PAY_AUTH_P',
      sign_scene: 'INDUSTRY|DIGITAL_MEDIA',
      status: type === 'dut_user_sign' ? 'NORMAL' : 'UNSIGN',
      ...(type === 'dut_user_sign' ? { sign_time: now, valid_time: now } : { unsign_time: now }),
    };
    return signLikeAlipay(params, o.alipayPrivateKey);
  }

  /**
   * The member signs on the page opened for `signRef`: the agreement is made; answers Alipay's
   * signed dut_user_sign notification and where the signing page sends the member back.
   */
  function sign(signRef: string) {
    const signing = signings.get(signRef);
    if (!signing) throw new Error(`no signing page was opened for ${signRef}`);
    agreementSeq += 1;
    const rule = (signing.biz.period_rule_params ?? {}) as Inner;
    const a: Agreement = {
      agreementNo: `2026${String(agreementSeq).padStart(4, '0')}${String(randomInt(1e9)).padStart(9, '0')}`,
      signRef,
      userId: `2088${String(randomInt(1e9)).padStart(12, '0')}`,
      status: 'NORMAL',
      max: fen(rule.single_amount),
    };
    agreements.set(a.agreementNo, a);
    return {
      notice: agreementNotice(a, 'dut_user_sign'),
      notifyUrl: signing.notifyUrl,
      returnUrl: signing.returnUrl,
    };
  }

  return {
    url,
    trades,
    calls,
    queries,
    state,
    signings,
    agreements,
    deductions,
    sign,
    /** The member ends the agreement in Alipay: answers the signed dut_user_unsign notification. */
    unsignAtAlipay(agreementNo: string) {
      const a = agreements.get(agreementNo);
      if (!a) throw new Error(`no agreement ${agreementNo}`);
      a.status = 'UNSIGN';
      return agreementNotice(a, 'dut_user_unsign');
    },
    /** The buyer pays `total` fen for our order: Alipay's trade exists; answers its trade_no. */
    pay(orderNo: string, total: number) {
      return open(orderNo, total, 'TRADE_SUCCESS');
    },
    /** The buyer has opened the payment of our order but not paid yet (WAIT_BUYER_PAY). */
    open: (orderNo: string, total: number) => open(orderNo, total, 'WAIT_BUYER_PAY'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
