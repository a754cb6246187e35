/**
 * One verification code sent twice at once (real concurrency in the
 * server-pg project; PGlite runs one transaction at a time): exactly one
 * login gets a session, the other answers 1000004, and the code is spent.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';
import { createCodesService } from './codes.service.ts';

const t = testAppForTests({ demo: true });

const PARALLEL = 10;

describe('one login code used at once', () => {
  it(`${PARALLEL} parallel logins with it: exactly one session`, async () => {
    const code = await createCodesService({ db: t.db }).issue('login', DEMO_EMAIL);
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const before = (await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.client
          .from(`198.51.100.${i + 1}`)
          .call<TLoginResponse>(calls.session.loginByCode, { account: DEMO_EMAIL, code }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.codeInvalid)).toHaveLength(PARALLEL - 1);
    const after = (await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
    expect(after - before).toBe(1);
  });
});
