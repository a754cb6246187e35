/**
 * Test support: a local fake of the Nuonuo open platform (诺税通 SaaS). It
 * hands out tokens at `/accessToken` (client_credentials), checks every call
 * to `/open/v1/services` — the token, the app key, the seller's `userTax`, the
 * query's senid (32), nonce (8 digits) and timestamp (within 10 minutes) and
 * `X-Nuonuo-Sign` as the platform computes it — and answers like the platform
 * (`{code, describe, result}`, E0000 on success):
 *
 * - requestBillingNew: the serial number; a buyer whose name contains "税号错误" fails
 *   with the platform's failCause, one containing "超时" makes the call hang past the
 *   client's wait; a second application with the same orderNo is refused (E9106).
 * - queryInvoiceResult: 20 (issuing) on the first query, then 2 with the invoice
 *   number, time and `pdfUrl` (served at /files/<serial>.pdf), or 22 with failCause.
 * - saveInvoiceRedConfirm: a red-letter confirmation id for an issued invoice number.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NUONUO_METHODS, nuonuoSign } from '../../../src/adapters/invoicing/nuonuo.ts';

export type NuonuoFakeOptions = {
  appKey: string;
  appSecret: string;
  taxNumber: string;
  /** A fixed port (the e2e run's, e2e/support/nuonuo-fake-config.ts); any free one without it. */
  port?: number;
};

type Application = {
  serialNo: string;
  order: Record<string, unknown>;
  queries: number;
  fail?: string;
  fiscalNo: string;
};

export const FAKE_FAIL_CAUSE = '购买方税号校验失败，请核对后重新开具';
export const FAKE_PDF = Buffer.from('%PDF-1.7\n% nuonuo fake invoice\n%%EOF\n', 'latin1');

export async function startNuonuoFake(o: NuonuoFakeOptions) {
  const tokens = new Set<string>();
  const applications = new Map<string, Application>();
  const red: { billId: string; blueElecInvoiceNumber: string }[] = [];
  const refused: { code: string; describe: string }[] = [];
  let url = '';

  const answer = (res: ServerResponse, json: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(json));
  };
  const refuse = (res: ServerResponse, code: string, describe: string) => {
    refused.push({ code, describe });
    answer(res, { code, describe, result: null });
  };

  function services(req: IncomingMessage, q: URL, body: string, res: ServerResponse) {
    const h = (n: string) => String(req.headers[n.toLowerCase()] ?? '');
    if (!tokens.has(h('accessToken'))) return refuse(res, '070301', '令牌无效或已过期');
    const senid = q.searchParams.get('senid') ?? '';
    const nonce = q.searchParams.get('nonce') ?? '';
    const timestamp = q.searchParams.get('timestamp') ?? '';
    if (q.searchParams.get('appkey') !== o.appKey) return refuse(res, '070101', 'appkey无效');
    if (!/^[0-9a-zA-Z]{32}$/.test(senid) || !/^\d{8}$/.test(nonce)) return refuse(res, '070102', '公共参数错误');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 600) return refuse(res, '070103', '时间戳已过期');
    const expected = nuonuoSign(o.appSecret, { path: q.pathname, appKey: o.appKey, senid, nonce, timestamp, body });
    if (h('X-Nuonuo-Sign') !== expected) return refuse(res, '070104', '签名错误');
    if (h('userTax') !== o.taxNumber) return refuse(res, '070105', '授权税号不一致');
    const content = JSON.parse(body) as Record<string, unknown>;
    switch (h('method')) {
      case NUONUO_METHODS.apply: {
        const order = content.order as Record<string, unknown>;
        const buyer = String(order.buyerName ?? '');
        if (order.salerTaxNum !== o.taxNumber) return refuse(res, 'E9101', '销方税号与授权税号不一致');
        if (!Array.isArray(order.invoiceDetail) || !order.invoiceDetail.length)
          return refuse(res, 'E9102', '明细不能为空');
        if ([...applications.values()].some((a) => a.order.orderNo === order.orderNo)) {
          return refuse(res, 'E9106', '订单编号重复');
        }
        if (buyer.includes('超时')) return; // never answered: the client's wait ends it
        const serialNo = `${Date.now()}${String(applications.size).padStart(6, '0')}`;
        applications.set(serialNo, {
          serialNo,
          order,
          queries: 0,
          fiscalNo: `2644200000${String(applications.size + 1).padStart(10, '0')}`,
          ...(buyer.includes('税号错误') ? { fail: FAKE_FAIL_CAUSE } : {}),
        });
        return answer(res, { code: 'E0000', describe: '开票提交成功', result: { invoiceSerialNum: serialNo } });
      }
      case NUONUO_METHODS.query: {
        const list = ((content.serialNos as string[]) ?? []).flatMap((s) => {
          const a = applications.get(s);
          if (!a) return [];
          a.queries += 1;
          const base = { serialNo: a.serialNo, orderNo: a.order.orderNo };
          if (a.queries === 1) return [{ ...base, status: '20', statusMsg: '开票中' }];
          if (a.fail) return [{ ...base, status: '22', statusMsg: '开票失败', failCause: a.fail }];
          return [
            {
              ...base,
              status: '2',
              statusMsg: '开票完成',
              allElectronicInvoiceNumbe: a.fiscalNo,
              invoiceNo: a.fiscalNo,
              invoiceTime: Date.now(),
              pdfUrl: `${url}/files/${a.serialNo}.pdf`,
            },
          ];
        });
        return answer(res, { code: 'E0000', describe: '获取成功', result: list });
      }
      case NUONUO_METHODS.redConfirm: {
        const blue = String(content.blueElecInvoiceNumber ?? '');
        if (![...applications.values()].some((a) => !a.fail && a.fiscalNo === blue)) {
          return refuse(res, 'E9301', '蓝字发票不存在');
        }
        const billId = randomUUID().replaceAll('-', '');
        red.push({ billId, blueElecInvoiceNumber: blue });
        return answer(res, { code: 'E0000', describe: '申请成功', result: billId });
      }
      default:
        return refuse(res, '070106', '方法不存在');
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const q = new URL(req.url ?? '/', 'http://fake.local');
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && q.pathname === '/accessToken') {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== o.appKey || form.get('client_secret') !== o.appSecret) {
          return answer(res, { error: 'invalid_client', error_description: 'appKey或appSecret错误' }, 400);
        }
        const token = createHmac('sha256', o.appSecret).update(randomUUID()).digest('hex');
        tokens.add(token);
        return answer(res, { access_token: token, expires_in: 86400 });
      }
      if (req.method === 'POST' && q.pathname === '/open/v1/services') return services(req, q, body, res);
      const file = /^\/files\/(\d+)\.pdf$/.exec(q.pathname);
      if (req.method === 'GET' && file && applications.has(file[1]!)) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(FAKE_PDF);
      }
      answer(res, { error: 'not found' }, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    applications,
    red,
    refused,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type NuonuoFake = Awaited<ReturnType<typeof startNuonuoFake>>;
