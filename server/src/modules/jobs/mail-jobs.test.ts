/**
 * A mail's outbox row and its delivery job are written in one transaction
 * (docs/decisions/0012-durable-jobs.md): a send whose job insert fails, or
 * a caller's transaction that fails after the send, leaves neither row; a
 * committed one leaves both. On PGlite, and on PostgreSQL with TEST_DB=pg.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { createOutboxRepo } from '../outbox/outbox.repo.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { createQueuedMailer, MAIL_QUEUE } from './mail-jobs.ts';

const log = Fastify({ logger: false }).log;
let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  // never started: no worker takes the jobs, so the rows stay to be counted
  queue = createJobQueue({ db: database.db, log, schedules: false });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const mailer = (q: Pick<JobQueue, 'send' | 'work' | 'prepare' | 'wake'> = queue) =>
  createQueuedMailer({
    // nothing listens there; no worker runs in these tests anyway
    smtpUrl: 'smtp://127.0.0.1:9',
    from: 'noreply@example.com',
    db: database.db,
    queue: q,
    outbox: createOutboxRepo(database.db),
    log,
  });

const address = () => `tx-${randomBytes(4).toString('hex')}@example.com`;

/** The outbox rows to `to`, and the mail jobs that point at any of them. */
async function rows(to: string) {
  const result = await database.db.execute(
    sql`select o.id, (select count(*)::int from pgboss.job j where j.name = ${MAIL_QUEUE} and j.data->>'outboxId' = o.id::text) as jobs
        from outbox o where o.recipient = ${to}`,
  );
  return (result as unknown as { rows: { id: string; jobs: number }[] }).rows;
}

/** Mail jobs whose outbox row does not exist (a job left by a rolled-back send). */
async function orphanJobs() {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pgboss.job j
        where j.name = ${MAIL_QUEUE} and not exists (select 1 from outbox o where o.id::text = j.data->>'outboxId')`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const message = (to: string) => ({ to, subject: 'Code', text: 'Your code is 123456' });

describe('queued mail: the outbox row and its job in one transaction', () => {
  it('writes both on its own', async () => {
    const to = address();
    await mailer().send(message(to));
    expect(await rows(to)).toEqual([{ id: expect.any(String), jobs: 1 }]);
  });

  it('leaves no outbox row when the job cannot be written', async () => {
    const to = address();
    const failing = {
      ...queue,
      send: async (...args: Parameters<JobQueue['send']>) => {
        await queue.send(...args);
        throw new Error('the process died after the job insert');
      },
    };
    await expect(mailer(failing).send(message(to))).rejects.toThrow('the process died');
    expect(await rows(to)).toEqual([]);
    expect(await orphanJobs()).toBe(0);
  });

  it("rolls back with the caller's transaction and commits with it", async () => {
    await queue.prepare(MAIL_QUEUE);
    const lost = address();
    await expect(
      database.db.transaction(async (tx) => {
        await mailer().send(message(lost), tx);
        throw new Error('the caller fails after sending');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await rows(lost)).toEqual([]);
    expect(await orphanJobs()).toBe(0);

    const kept = address();
    await database.db.transaction(async (tx) => {
      await mailer().send(message(kept), tx);
      await mailer().send(message(kept), tx);
    });
    expect(await rows(kept)).toEqual([
      { id: expect.any(String), jobs: 1 },
      { id: expect.any(String), jobs: 1 },
    ]);
  });

  it('refuses a send in a transaction before the queue exists, instead of waiting forever', async () => {
    const fresh = createJobQueue({ db: database.db, log, schedules: false });
    await expect(
      database.db.transaction(async (tx) => {
        await fresh.send('not-prepared', { a: 1 }, {}, tx);
      }),
    ).rejects.toThrow('prepare() it before sending in a transaction');
    await fresh.stop();
  });
});
