/**
 * The sandbox gateway's hosted checkout page: GET shows the payment with
 * Pay and Fail buttons; the form POST records the payer's choice once and
 * hands the notification to the notifier (asynchronous, like a provider).
 */
import { currencySymbol, type TCurrency } from '@ac/protocol/enums';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_CHECKOUT_PATH } from '../../adapters/payments/sandbox.gateway.ts';
import type { SandboxPayment, SandboxRepo } from '../../adapters/payments/sandbox.repo.ts';
import type { SandboxNotifier } from '../../adapters/payments/sandbox-notifier.ts';
import { toDecimal } from '../../adapters/payments/types.ts';

type Options = { repo: SandboxRepo; notifier: SandboxNotifier; returnUrl: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{font:16px system-ui,sans-serif;margin:0;background:#f4f6fa;color:#1f2329}main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:10px;padding:2rem;box-shadow:0 2px 12px #0001}h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#8a6d00;background:#fff8e1;border-radius:6px;padding:.5rem .75rem;font-size:.875rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#646a73}dd{margin:0;word-break:break-all}.amount{font-size:1.75rem;font-weight:600}form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;font:inherit;padding:.75rem;border-radius:6px;border:1px solid #c9cdd4;background:#fff;cursor:pointer}button[value=pay]{background:#1677ff;border-color:#1677ff;color:#fff}';

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function price(row: SandboxPayment) {
  const symbol = currencySymbol[row.currency as TCurrency] ?? '';
  return `${symbol}${toDecimal(row.amount)} ${escapeHtml(row.currency)}`;
}

function checkoutPage(row: SandboxPayment) {
  const details = `<dl><dt>Merchant</dt><dd>${escapeHtml(row.merchant)}</dd><dt>Order</dt><dd>${escapeHtml(row.orderNo)}</dd><dt>Item</dt><dd>${escapeHtml(row.subject)}</dd><dt>Amount</dt><dd class="amount">${price(row)}</dd></dl>`;
  const form = `<form method="post" action="${SANDBOX_CHECKOUT_PATH}"><input type="hidden" name="trade" value="${escapeHtml(row.tradeNo)}"><button type="submit" name="action" value="fail">Fail</button><button type="submit" name="action" value="pay">Pay</button></form>`;
  return page(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1><p class="note">Test gateway: no money moves.</p>${details}${form}`,
  );
}

function resultPage(row: SandboxPayment, returnUrl: string) {
  const text =
    row.state === 'paid'
      ? 'Payment received. The merchant is being notified; you can close this window.'
      : 'The payment failed. You can close this window and try again.';
  const heading = row.state === 'paid' ? 'Payment complete' : 'Payment failed';
  return page(
    heading,
    `<h1>${heading}</h1><p>${text}</p><dl><dt>Order</dt><dd>${escapeHtml(row.orderNo)}</dd><dt>Amount</dt><dd>${price(row)}</dd></dl><p><a href="${escapeHtml(returnUrl)}">Back to my orders</a></p>`,
  );
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export async function registerSandboxCheckout(app: FastifyInstance, o: Options) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const notFound = page('Not found', '<h1>Payment not found</h1><p>This checkout link is not valid.</p>');

    const docs = (summary: string) => ({
      schema: {
        summary,
        tags: ['payments'],
        description:
          'The sandbox gateway’s hosted checkout (HTML, not the envelope): GET shows the payment with Pay and Fail buttons; the form POST (`trade`, `action=pay|fail`) records the first choice and notifies /order/v5/pay/notify/sandbox asynchronously.',
      },
    });

    scope.get(SANDBOX_CHECKOUT_PATH, docs('Sandbox checkout page'), async (req, reply) => {
      const trade = (req.query as Record<string, unknown>).trade;
      const row = typeof trade === 'string' && trade.length <= 64 ? await o.repo.find(trade) : null;
      if (!row) return html(reply, 404, notFound);
      return html(reply, 200, row.state === 'pending' ? checkoutPage(row) : resultPage(row, o.returnUrl));
    });

    scope.post(SANDBOX_CHECKOUT_PATH, docs('Sandbox checkout: Pay or Fail'), async (req, reply) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const trade = typeof form.trade === 'string' && form.trade.length <= 64 ? form.trade : '';
      const action = form.action === 'pay' ? 'paid' : form.action === 'fail' ? 'failed' : null;
      if (!trade || !action) return html(reply, 400, notFound);
      const decided = await o.repo.decide(trade, action, new Date());
      if (decided) o.notifier.schedule(decided.tradeNo);
      const row = decided ?? (await o.repo.find(trade));
      if (!row) return html(reply, 404, notFound);
      return html(reply, 200, resultPage(row, o.returnUrl));
    });
  });
}
