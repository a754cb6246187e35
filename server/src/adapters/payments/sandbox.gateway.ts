/**
 * The sandbox gateway built into the server (PAYMENT_PROVIDERS=sandbox):
 * a hosted checkout page with Pay / Fail buttons, signed asynchronous
 * notifications, and queries answered from its own ledger. It moves no
 * money; it lets a person walk through the whole payment flow locally.
 */

import { randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { CURRENCIES } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import { AppError } from '../../lib/app-error.ts';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';
import type { SandboxRepo } from './sandbox.repo.ts';
import type { SandboxNotifier } from './sandbox-notifier.ts';
import { SANDBOX_MERCHANT, verifySandbox } from './sandbox-signing.ts';
import type { PaymentGateway, PaymentReport } from './types.ts';

export const SANDBOX_CHECKOUT_PATH = httpPaths.sandboxCheckout;

type Options = { publicUrl: string; secret: string; repo: SandboxRepo; notifier: SandboxNotifier };

function report(row: {
  tradeNo: string;
  orderNo: string;
  merchant: string;
  amount: number;
  currency: string;
  state: string;
  decidedAt: Date | null;
}): PaymentReport {
  const paid = row.state === 'paid';
  return {
    provider: 'sandbox',
    orderNo: row.orderNo,
    tradeNo: row.tradeNo,
    merchant: row.merchant,
    amount: row.amount,
    currency: row.currency,
    result: paid ? 'paid' : 'failed',
    paidAt: paid ? row.decidedAt : null,
  };
}

export function createSandboxGateway(o: Options): PaymentGateway {
  return {
    name: 'sandbox',
    merchant: SANDBOX_MERCHANT,
    currencies: CURRENCIES,
    async start(req) {
      const tradeNo = `SBX${randomBytes(16).toString('hex')}`;
      await o.repo
        .insert({
          tradeNo,
          orderNo: req.orderNo,
          merchant: SANDBOX_MERCHANT,
          subject: req.subject,
          amount: req.amount,
          currency: req.currency,
          method: req.payMethod === 3 ? 'qr' : 'page',
        })
        .catch((e: unknown) => {
          // its ledger is the app's database: an outage there is the service's (0000014, retry soon), not a
          // provider's failure (2000007, logged as an error) — docs/reliability.md#postgresql-restarted-under-load
          throw isDatabaseUnavailable(e) ? new AppError(Code.serviceUnavailable) : e;
        });
      const url = `${o.publicUrl}${SANDBOX_CHECKOUT_PATH}?trade=${tradeNo}`;
      return req.payMethod === 3 ? { kind: 'qr', qrCode: url } : { kind: 'page', payUrl: url };
    },
    async verify(n) {
      const body = verifySandbox(o.secret, n.rawBody, n.headers);
      return report({ ...body, state: body.status, decidedAt: new Date(body.decidedAt) });
    },
    async query(orderNo) {
      const row = await o.repo.latestForOrder(orderNo);
      if (!row) return { result: 'unknown' };
      if (row.state === 'pending') return { result: 'pending' };
      return report(row);
    },
    ack: {
      ok: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      fail: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
    close: () => o.notifier.close(),
  };
}
