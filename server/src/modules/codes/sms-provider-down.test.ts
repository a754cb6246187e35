/**
 * The SMS provider down (docs/reliability.md#smtp-and-the-sms-provider-down):
 * Alibaba Cloud's real adapter points at the local fake of its API, which
 * resets every connection until it is "started" again. The send-code call
 * answers OK at once, the delivery job retries on the real job queue while
 * the provider stays down, and the code is delivered once it is back —
 * exactly once, and it is the code the registration takes. The first retry
 * waits DELIVERY_RETRY_SECONDS=1 (a test server's setting) instead of 5 s.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { aliyunSmsAppForTests } from '../../../test/fakes/sms/aliyun-app.ts';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { outbox } from '../../db/schema/index.ts';
import { SMS_QUEUE } from '../jobs/sms-jobs.ts';

// the provider is down before the server ever reaches it
const { t, fake } = aliyunSmsAppForTests({ down: true });

const delivered = (to: string) => fake.messages.filter((m) => m.to === to);

async function outboxRow(to: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, to));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The delivery jobs of an outbox row: state and retries so far. */
async function jobsOf(outboxId: string) {
  const result = await t.db.execute(
    sql`select state, retry_count as "retryCount" from pgboss.job
        where name = ${SMS_QUEUE} and data->>'outboxId' = ${outboxId}`,
  );
  return (result as unknown as { rows: { state: string; retryCount: number }[] }).rows;
}

describe('the SMS provider down', () => {
  it('answers OK, retries while it is down and delivers the code once, when it is back', async () => {
    const mobile = '13912350001';
    const to = '+8613912350001';
    const refusedBefore = fake.connectionsRefused;
    const sent = await t.client.call(calls.codes.sendSmsCode, { mobile, purpose: 'register' });
    expect(sent.code).toBe(Code.ok);
    // the attempt while the caller waited reached no provider; the row says why and waits for its job
    expect(fake.connectionsRefused).toBeGreaterThan(refusedBefore);
    const row = await outboxRow(to);
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/^aliyun network: /);
    expect(delivered(to)).toEqual([]);

    // the job runs and fails too, and is retried while the provider is still down
    await vi.waitFor(
      async () => {
        const [job] = await jobsOf(row.id);
        expect(job?.retryCount).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(delivered(to)).toEqual([]);

    // the provider is back: the next retry delivers
    fake.acceptConnections();
    await vi.waitFor(() => expect(delivered(to)).toHaveLength(1), { timeout: 30_000, interval: 200 });
    await vi.waitFor(
      async () => {
        expect((await outboxRow(to)).sentAt).not.toBeNull();
        // one job, finished: nothing left that could send the code a second time
        expect(await jobsOf(row.id)).toEqual([{ state: 'completed', retryCount: expect.any(Number) }]);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(delivered(to)).toHaveLength(1);

    // the delivered code is the one the server keeps
    const code = (delivered(to)[0]!.params as { code: string }).code;
    const registered = await t.client.call(calls.registration.registerByMobile, {
      mobile,
      code,
      password: STRONG_PASSWORD,
      agree: true,
    });
    expect(registered.code).toBe(Code.ok);
  }, 60_000);
});
