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
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAliyunFake } from '../../../test/fakes/sms/aliyun.fake.ts';
import type { SmsFake } from '../../../test/fakes/sms/fake-http.ts';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outbox } from '../../db/schema/index.ts';
import { SMS_QUEUE } from '../jobs/sms-jobs.ts';

const keys = { accessKeyId: 'LTAI5tTestKeyId', accessKeySecret: 'test-access-key-secret-0123456789' };
const templates = ['SMS_100', 'SMS_101', 'SMS_102', 'SMS_103', 'SMS_104', 'SMS_105'];

let fake: SmsFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startAliyunFake({ ...keys, signName: '账户中心', templateCodes: templates });
  // the provider is down before the server ever reaches it
  fake.refuseConnections();
  t = await createTestApp({
    region: 'cn',
    env: {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: keys.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: keys.accessKeySecret,
      ALIYUN_SMS_ENDPOINT: fake.url,
      SMS_SIGN_NAME: '账户中心',
      SMS_TEMPLATE_REGISTER: 'SMS_100',
      SMS_TEMPLATE_LOGIN: 'SMS_101',
      SMS_TEMPLATE_RESET: 'SMS_102',
      SMS_TEMPLATE_BIND: 'SMS_103',
      SMS_TEMPLATE_DELETE: 'SMS_104',
      SMS_TEMPLATE_NOTICE: 'SMS_105',
      DELIVERY_RETRY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

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
