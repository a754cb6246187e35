/**
 * Durable jobs (docs/decisions/0012-durable-jobs.md): pg-boss over the
 * app's own database, on PostgreSQL and on PGlite alike. A job is a row
 * written before the call that asked for it answers; a worker runs it,
 * retries it with back-off when it throws, and a job a dead process left
 * behind runs when the next one starts. Workers and schedules registered
 * before `start()` begin with it (buildApp's onReady); `send` before it
 * only writes the job (the admin command line).
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, Tx } from '../../db/client.ts';
import { sqlExecutor, txExecutor } from './sql-executor.ts';

export type SendOptions = {
  /** Further attempts after the first fails (default 0). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Double the delay at every retry. */
  retryBackoff?: boolean;
  /** With `singletonSeconds`: at most one job of this key is sent per slot of that many seconds (later ones answer null). */
  singletonKey?: string;
  singletonSeconds?: number;
  /**
   * An attempt still running after this long counts as failed and is retried (default 15
   * minutes): the bound on how long a job whose process died mid-attempt waits.
   */
  expireInSeconds?: number;
};
export type JobInfo = { id: string; retryCount: number };
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export type JobQueue = {
  /**
   * Writes a job. With `tx` the job row is written inside that open
   * transaction (committed or rolled back with it), and the queue must
   * already exist (`prepare` before the transaction: on PGlite, a statement
   * outside an open transaction would wait for it to end).
   */
  send<T extends object>(name: string, data: T, options?: SendOptions, tx?: Tx): Promise<string | null>;
  /** Creates the queue `name` (and pg-boss's schema) if needed; a `send` without `tx` does it itself. */
  prepare(name: string): Promise<void>;
  /** Wakes this process's worker of `name` (after the transaction that sent a job committed). */
  wake(name: string): void;
  /** The handler of a queue; runs once `start()` was called. */
  work<T extends object>(name: string, handler: JobHandler<T>): void;
  /** Sends a job to the queue `name` at every tick of `cron` (UTC); needs a `work` for it. */
  schedule(name: string, cron: string): void;
  start(): Promise<void>;
  /** Stops fetching and waits (up to 5 s) for the jobs being run; one cut short runs again later. */
  stop(): Promise<void>;
  /** Jobs waiting to run (new or due for a retry) over every queue this process knows. */
  queueDepth(): Promise<number>;
};

type Deps = {
  db: Db;
  log: FastifyBaseLogger;
  /** Seconds between two polls of a worker (a `send` here wakes its worker at once). */
  pollSeconds?: number;
  /** Register the schedules (off: the jobs still run when sent). */
  schedules?: boolean;
  /** Seconds between two looks for attempts past their expiry (MAINTENANCE_SECONDS by default; a test server's JOBS_MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number | undefined;
};

/** pg-boss's maintenance (expiring attempts, archiving) at most this often over all instances (its default: 120). */
const MAINTENANCE_SECONDS = 30;

/** Within main.ts's 10 s shutdown allowance. */
const STOP_TIMEOUT_MS = 5_000;

export function createJobQueue(d: Deps): JobQueue {
  const boss = new PgBoss({
    db: sqlExecutor(d.db),
    schedule: d.schedules ?? true,
    // how often attempts past their expiry are failed (for a retry): a job whose process was
    // killed mid-attempt runs again within its expiry plus this (docs/decisions/0031-faults.md)
    maintenanceIntervalSeconds: d.maintenanceSeconds ?? MAINTENANCE_SECONDS,
  });
  boss.on('error', (err) => d.log.error({ err }, 'job queue error'));
  const handlers = new Map<string, JobHandler<object>>();
  const crons = new Map<string, string>();
  const queues = new Set<string>();
  const workerIds = new Map<string, string>();
  let booted: Promise<void> | undefined;
  let running = false;

  /** The schema and the boss, without workers (idempotent). */
  function boot() {
    booted ??= boss.start().then(() => undefined);
    return booted;
  }
  async function ensureQueue(name: string) {
    if (queues.has(name)) return;
    await boot();
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
    queues.add(name);
  }

  function wake(name: string) {
    const worker = workerIds.get(name);
    if (worker) boss.notifyWorker(worker);
  }

  return {
    async send(name, data, options = {}, tx) {
      if (!tx) await ensureQueue(name);
      else if (!queues.has(name)) throw new Error(`job queue ${name}: prepare() it before sending in a transaction`);
      const id = await boss.send(name, data, tx ? { ...options, db: txExecutor(tx) } : options);
      // a job written in a transaction is seen once it commits: its sender wakes the worker then
      if (!tx) wake(name);
      return id;
    },
    prepare: ensureQueue,
    wake,
    work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    schedule(name, cron) {
      crons.set(name, cron);
    },
    async start() {
      if (running) return;
      running = true;
      await boot();
      for (const [name, handler] of handlers) {
        await ensureQueue(name);
        const options = { pollingIntervalSeconds: d.pollSeconds ?? 2, includeMetadata: true as const };
        const id = await boss.work<object>(name, options, async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount });
          } finally {
            // fetch the next job at once instead of after a poll: a backlog (mail held back by an
            // outage) drains at the handler's pace, not at one job per poll (docs/decisions/0031-faults.md)
            wake(name);
          }
        });
        workerIds.set(name, id);
      }
      if (d.schedules ?? true) {
        for (const [name, cron] of crons) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      }
    },
    async stop() {
      if (!booted) return;
      await booted;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
      booted = undefined;
      running = false;
      workerIds.clear();
    },
    async queueDepth() {
      if (!booted) return 0;
      let n = 0;
      for (const name of queues) n += await boss.getQueueSize(name);
      return n;
    },
  };
}
