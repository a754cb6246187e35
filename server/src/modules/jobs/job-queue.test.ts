/** The job queue on the test database (PGlite, or PostgreSQL with TEST_DB=pg): retries, singletons, depth, restart. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const log = Fastify({ logger: false }).log;
let database: Database;
const queues: JobQueue[] = [];
const queue = () => {
  const q = createJobQueue({ db: database.db, log, pollSeconds: 0.5, schedules: false });
  queues.push(q);
  return q;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await database.close();
});

describe('job queue', () => {
  it('runs a job, retrying it after a failure', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.work<{ n: number }>('flaky', async ({ n }, job) => {
      attempts.push(job.retryCount);
      if (job.retryCount < 2) throw new Error(`attempt ${job.retryCount} of job ${n} fails`);
    });
    await q.start();
    await q.send('flaky', { n: 1 }, { retryLimit: 3, retryDelay: 1 });
    await vi.waitFor(() => expect(attempts).toEqual([0, 1, 2]), { timeout: 20_000, interval: 100 });
  }, 30_000);

  it('sends one job per singleton key and slot, and counts the waiting jobs', async () => {
    const q = queue();
    expect(await q.queueDepth()).toBe(0);
    const once = { singletonKey: 'k', singletonSeconds: 3600 };
    expect(await q.send('later', { a: 1 }, once)).toEqual(expect.any(String));
    expect(await q.send('later', { a: 2 }, once)).toBeNull();
    await q.send('later', { a: 3 });
    expect(await q.queueDepth()).toBe(2);
  });

  it('runs the jobs another process sent and left behind when it starts', async () => {
    const sender = queue();
    await sender.send('left-behind', { id: 'x' });
    await sender.stop();
    const seen: string[] = [];
    const worker = queue();
    worker.work<{ id: string }>('left-behind', async ({ id }) => void seen.push(id));
    await worker.start();
    await vi.waitFor(() => expect(seen).toEqual(['x']), { timeout: 10_000, interval: 100 });
    expect(await worker.queueDepth()).toBe(0);
  }, 20_000);
});
