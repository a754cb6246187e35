/**
 * Delivers the sandbox gateway's notifications like a real provider: an
 * HTTP POST to the notify URL, retried with exponential backoff until the
 * merchant answers "success", at most MAX_ATTEMPTS times. Timers and
 * requests in flight stop on close().
 */
import { DAY, SECOND } from '../../lib/time.ts';
import type { SandboxPayment, SandboxRepo } from './sandbox.repo.ts';
import { SANDBOX_MERCHANT, sandboxHeaders, type TSandboxNotification } from './sandbox-signing.ts';
import type { PaymentLog } from './types.ts';

/** Delay before each attempt: at once, then 1 s, 2 s, 4 s … 64 s (8 attempts, about 2 minutes). */
export const RETRY_DELAYS_MS = [0, 1, 2, 4, 8, 16, 32, 64].map((s) => s * SECOND);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;
const REQUEST_TIMEOUT_MS = 5 * SECOND;

export function notificationOf(row: SandboxPayment): TSandboxNotification {
  return {
    notifyId: `${row.tradeNo}:${row.state}`,
    merchant: row.merchant || SANDBOX_MERCHANT,
    tradeNo: row.tradeNo,
    orderNo: row.orderNo,
    amount: row.amount,
    currency: row.currency,
    status: row.state === 'paid' ? 'paid' : 'failed',
    decidedAt: (row.decidedAt ?? row.createdAt).toISOString(),
  };
}

type Options = { notifyUrl: string; secret: string; repo: SandboxRepo; log: PaymentLog };

export function createSandboxNotifier(o: Options) {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  /** Attempts under way (reading the row, posting, recording): close() waits for them. */
  const running = new Set<Promise<void>>();
  let closed = false;

  async function post(body: string): Promise<boolean> {
    const abort = new AbortController();
    inFlight.add(abort);
    const timeout = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    try {
      const res = await fetch(o.notifyUrl, {
        method: 'POST',
        headers: sandboxHeaders(o.secret, body),
        body,
        signal: abort.signal,
      });
      return res.ok && (await res.text()).trim() === 'success';
    } catch (e) {
      o.log.debug({ err: e }, 'sandbox notification not delivered');
      return false;
    } finally {
      clearTimeout(timeout);
      inFlight.delete(abort);
    }
  }

  async function attempt(tradeNo: string, n: number) {
    if (closed) return;
    const row = await o.repo.find(tradeNo);
    if (!row || row.state === 'pending' || row.acknowledgedAt || closed) return;
    await o.repo.countAttempt(tradeNo);
    if (await post(JSON.stringify(notificationOf(row)))) {
      if (!closed) await o.repo.acknowledge(tradeNo, new Date());
      return;
    }
    if (n + 1 < MAX_ATTEMPTS) schedule(tradeNo, n + 1);
    else o.log.warn({ tradeNo }, 'sandbox notification given up after the last retry');
  }

  function schedule(tradeNo: string, n = 0) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run: Promise<void> = attempt(tradeNo, n)
        .catch((e) => o.log.error({ err: e, tradeNo }, 'sandbox notification failed'))
        .finally(() => running.delete(run));
      running.add(run);
    }, RETRY_DELAYS_MS[n]);
    timer.unref();
    timers.add(timer);
  }

  return {
    schedule,
    /** Picks up deliveries a previous process left unfinished (decided in the last day). */
    async resume() {
      for (const row of await o.repo.undelivered(new Date(Date.now() - DAY), MAX_ATTEMPTS)) {
        schedule(row.tradeNo, Math.min(row.notifyAttempts, MAX_ATTEMPTS - 1));
      }
    },
    pending: () => timers.size + running.size,
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const a of inFlight) a.abort();
      await Promise.allSettled([...running]);
    },
  };
}
export type SandboxNotifier = ReturnType<typeof createSandboxNotifier>;
