/**
 * The two server-level fault runs of docs/reliability.md#faults, each on a
 * PostgreSQL cluster of its own: `killUnderLoad` (SIGKILL mid-load with the
 * mail server down, restart, SQL checks, every accepted mail delivered) and
 * `postgresRestartUnderLoad` (PostgreSQL stopped and started under load: a
 * clear code meanwhile, /readyz not ready, service back without a restart).
 * Both return a report; the tests assert on it, the bench prints it.
 */
import { calls } from '@ac/protocol/calls';
import { startOwnPostgres, startServerProcess, until } from './fault-harness.ts';
import {
  type Checks,
  faultServerEnv,
  type LoadLog,
  loadClient,
  newLoadLog,
  prepareFixture,
  ready,
  runLoad,
  sqlChecks,
  summary,
} from './fault-scenarios.ts';
import { startSmtpSink } from './smtp-sink.ts';

/**
 * A mail attempt cut short expires after 60 s and is found by pg-boss's maintenance within 30 s more;
 * with `shortExpiry` (the test's run), after 3 s and within 1 s more (test servers' settings,
 * docs/decisions/0017-test-server-limits.md).
 */
const MAIL_WAIT_MS = { real: 150_000, short: 30_000 };
const SHORT_EXPIRY = { DELIVERY_EXPIRE_SECONDS: '3', JOBS_MAINTENANCE_SECONDS: '1' };

export type RunOptions = {
  /** Three consecutive ports of the caller's range: PostgreSQL, the server, SMTP. */
  basePort: number;
  entry: 'dist' | 'src';
  /** Parallel load loops, and how long the load runs before the fault once it is under way. */
  workers: number;
  loadMs: number;
  log?: (line: string) => void;
  /** Delivery attempts cut short are retried after seconds instead of the production minute (the tests). */
  shortExpiry?: boolean;
};

export type KillReport = {
  answers: string;
  acknowledged: { redeemed: number; paid: number; mailed: number };
  noAnswer: number;
  restartMs: number;
  /** Mail jobs the kill left mid-attempt ('active'): delivered once their attempt expires (60 s; 3 s with shortExpiry). */
  mailJobsActiveAtKill: number;
  /** From the restarted server's "ready" to the last acknowledged mail in the SMTP sink. */
  mailsDeliveredMs: number;
  undelivered: string[];
  checks: Checks;
};

/** Waits until the load has had mails, redemptions and payments acknowledged (a slow machine takes a while). */
const underWay = (log: LoadLog) =>
  until(() => log.mailed.length >= 2 && log.redeemed.length >= 2 && log.paid.length >= 2, 180_000, 100);

export async function killUnderLoad(o: RunOptions): Promise<KillReport> {
  const say = o.log ?? (() => {});
  const pgPort = o.basePort;
  const port = o.basePort + 1;
  const smtpPort = o.basePort + 2;
  const postgres = startOwnPostgres(pgPort);
  try {
    const url = await postgres.createDatabase('ac_faults');
    // the mail server is down during the load: every accepted mail waits in the queue
    const env = faultServerEnv(url, `smtp://127.0.0.1:${smtpPort}`, o.shortExpiry ? SHORT_EXPIRY : {});
    const first = await startServerProcess(port, env, o.entry);
    const fixture = await prepareFixture(env, o.workers * 4, o.workers * 20);
    say(`kill: ${fixture.accounts.length} accounts, ${fixture.codes.length} codes, ${o.workers} loops`);
    const log = newLoadLog();
    let killed = false;
    const load = runLoad(first.origin, fixture, log, () => killed, o.workers);
    await underWay(log);
    await new Promise((r) => setTimeout(r, o.loadMs));
    await first.kill('SIGKILL');
    killed = true;
    await load;
    say(`kill: SIGKILL after ${o.loadMs} ms of load; answers: ${summary(log.answers)}`);

    // attempts the kill cut short: retried once their expiry has passed (mail-jobs.ts)
    const [active] = await postgres.query<{ n: number }>(
      'ac_faults',
      `select count(*)::int as n from pgboss.job where name = 'mail-delivery' and state = 'active'`,
    );
    const sink = await startSmtpSink({ port: smtpPort });
    try {
      const t0 = performance.now();
      const second = await startServerProcess(port, env, o.entry);
      const restartMs = performance.now() - t0;
      try {
        const delivered = (address: string) => sink.mails.some((m) => m.to.includes(address));
        let mailsDeliveredMs = 0;
        try {
          const waitMs = o.shortExpiry ? MAIL_WAIT_MS.short : MAIL_WAIT_MS.real;
          mailsDeliveredMs = await until(() => log.mailed.every(delivered), waitMs, 200);
        } catch {
          // reported below as undelivered
        }
        const checks = await sqlChecks(url, log);
        return {
          answers: summary(log.answers),
          acknowledged: { redeemed: log.redeemed.length, paid: log.paid.length, mailed: log.mailed.length },
          noAnswer: log.noAnswer,
          restartMs,
          mailJobsActiveAtKill: active?.n ?? 0,
          mailsDeliveredMs,
          undelivered: log.mailed.filter((a) => !delivered(a)),
          checks,
        };
      } finally {
        await second.kill('SIGTERM');
      }
    } finally {
      await sink.close();
    }
  } finally {
    postgres.destroy();
  }
}

export type RestartReport = {
  mode: 'fast' | 'immediate';
  /** Answers given while PostgreSQL was down, by code. */
  duringOutage: string;
  /** Requests that got no answer within the timeout (a hang) during the whole run. */
  hung: number;
  /** /readyz said not ready while PostgreSQL was down. */
  readyzDownDuringOutage: boolean;
  outageMs: number;
  /** From PostgreSQL accepting connections again to /readyz 200 and to the next successful call. */
  readyAfterMs: number;
  servingAfterMs: number;
  /** A mail asked for after the restart was delivered (the job queue works again). */
  mailAfterMs: number;
  answers: string;
  checks: Checks;
};

export async function postgresRestartUnderLoad(
  o: RunOptions & { mode: 'fast' | 'immediate'; outageMs: number },
): Promise<RestartReport> {
  const say = o.log ?? (() => {});
  const postgres = startOwnPostgres(o.basePort);
  const port = o.basePort + 1;
  const sink = await startSmtpSink({ port: o.basePort + 2 });
  try {
    const url = await postgres.createDatabase('ac_faults');
    const env = faultServerEnv(url, sink.url);
    const server = await startServerProcess(port, env, o.entry);
    try {
      const fixture = await prepareFixture(env, o.workers * 4 + 1, o.workers * 20);
      const spare = fixture.accounts.pop()!;
      const log = newLoadLog();
      let done = false;
      const began = performance.now();
      const load = runLoad(server.origin, fixture, log, () => done, o.workers);
      await underWay(log);
      await new Promise((r) => setTimeout(r, o.loadMs));

      const stopAt = performance.now() - began;
      postgres.stop(o.mode);
      say(`restart: PostgreSQL stopped (${o.mode}) after ${o.loadMs} ms of load`);
      let readyzDown = false;
      const probe = (async () => {
        while (!readyzDown && performance.now() - began - stopAt < o.outageMs) {
          if (!(await ready(server.origin))) readyzDown = true;
        }
      })();
      await new Promise((r) => setTimeout(r, o.outageMs));
      await probe;
      postgres.start();
      const startAt = performance.now() - began;
      say(`restart: PostgreSQL up again after ${Math.round(startAt - stopAt)} ms`);
      const readyAfterMs = await until(() => ready(server.origin), 60_000, 50).catch((e: Error) => {
        throw new Error(`${e.message}: not ready again; the server said: ${server.output().slice(-6000)}`);
      });
      const servingAfterMs = await until(
        () => log.timeline.some((e) => e.at > startAt && e.code === '0000000'),
        60_000,
        50,
      ).catch(() => -1);
      done = true;
      await load;

      // the job queue works again: a mail asked for now is delivered
      const t0 = performance.now();
      const sent = await loadClient(server.origin).send(calls.codes.sendEmailCode, {
        email: spare.email,
        purpose: 'login',
      });
      let mailAfterMs = -1;
      if (sent.code === '0000000') {
        mailAfterMs = await until(() => sink.mails.some((m) => m.to.includes(spare.email)), 60_000, 100).then(
          () => performance.now() - t0,
          () => -1,
        );
      }
      const outage = new Map<string, number>();
      for (const e of log.timeline) {
        // answers that came back while PostgreSQL was down (a little after the stop, up to the start)
        if (e.at > stopAt + 200 && e.at < startAt) outage.set(e.code, (outage.get(e.code) ?? 0) + 1);
      }
      return {
        mode: o.mode,
        duringOutage: summary(outage),
        hung: log.hung,
        readyzDownDuringOutage: readyzDown,
        outageMs: Math.round(startAt - stopAt),
        readyAfterMs: Math.round(readyAfterMs),
        servingAfterMs: Math.round(servingAfterMs),
        mailAfterMs: Math.round(mailAfterMs),
        answers: summary(log.answers),
        checks: await sqlChecks(url, log),
      };
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    await sink.close();
    postgres.destroy();
  }
}
