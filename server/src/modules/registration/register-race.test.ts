/**
 * Registrations of one address at once (real concurrency in the server-pg
 * project; PGlite runs one transaction at a time): one goes through, the
 * others get the one-mail-a-minute answer every address gets (1200004,
 * known or not), and exactly one account exists afterwards.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

const t = testAppForTests();

const PARALLEL = 5;

describe('registrations of one address at once', () => {
  it(`${PARALLEL} parallel registrations: one goes through, one account`, async () => {
    const email = 'twice@example.com';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.client.from(`198.51.100.${i + 1}`).call(calls.registration.registerByEmail, {
          name: 'Ada Lovelace',
          email,
          password: STRONG_PASSWORD,
          region: 'GB',
          agree: true,
        }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.mailSendTooSoon)).toHaveLength(PARALLEL - 1);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
