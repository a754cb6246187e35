/**
 * A test app paying through a local fake of a payment API, for the tests of a file (or describe
 * block): the fake started first, delivering its notifications to the app; the app configured from
 * the fake (its URL); a buyer in it. After the tests the fake's deliveries are awaited, then the app
 * is closed with its services, then the fake.
 */
import { afterAll } from 'vitest';
import { type Account, createAccount, postNotify } from './commerce-fixtures.ts';
import { filledBeforeAll } from './filled-before-all.ts';
import { closeWithServices, createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export type PaymentFake = { url: string; settled?: () => Promise<unknown>; close: () => Promise<void> };
/** How a fake delivers a notification: the body and headers in, the status of the answer out. */
export type Deliver = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

/** Delivers a fake's notifications to the notify route of `provider` in the app. */
export const deliverTo =
  (t: TestApp, provider: string): Deliver =>
  async (body, headers) => ({ status: (await postNotify(t, provider, body, headers)).statusCode });

export function gatewayAppForTests<F extends PaymentFake>(
  startFake: (app: TestApp) => Promise<F>,
  appOptions: (fake: F) => TestAppOptions,
): { t: TestApp; fake: F; buyer: Account } {
  // the fake is given the app before it is filled: it delivers only once the tests run
  const t = {} as TestApp;
  const fake = filledBeforeAll(() => startFake(t));
  filledBeforeAll(() => createTestApp(appOptions(fake)), t);
  const buyer = filledBeforeAll(() => createAccount(t));
  afterAll(async () => {
    await fake.settled?.();
    await closeWithServices(t);
    await fake.close();
  });
  return { t, fake, buyer };
}
