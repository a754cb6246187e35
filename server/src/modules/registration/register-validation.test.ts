import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationForm, STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { linkTokens, users } from '../../db/schema/index.ts';

const t = testAppForTests();

describe('register refusals (overseas)', () => {
  it('answers a catalogue code naming the problem and writes nothing', async () => {
    const cases: [unknown, string, RegExp?][] = [
      [registrationForm('x1@example.com', { agree: false }), Code.agreementRequired, /read and agree/],
      [registrationForm('x2@example.com', { region: 'XX' }), Code.invalidParam, /region/],
      [registrationForm('not-an-email'), Code.invalidParam, /email/],
      // the China payload is not accepted overseas
      [{ mobile: '13912340000', code: '123456', password: STRONG_PASSWORD, agree: true }, Code.invalidParam, /name/],
      [registrationForm('x3@example.com', { password: 'short1' }), Code.passwordPolicy, /8-64/],
      [registrationForm('x4@example.com', { password: 'password123' }), Code.passwordBreached],
      [registrationForm('x5@example.com', { password: 'x5@example.com' }), Code.passwordSameAsAccount],
      // a terminal escape and a right-to-left override: never part of a name
      [registrationForm('x6@example.com', { name: 'Evil\u001b[2J\u202e' }), Code.invalidParam, /control characters/],
    ];
    for (const [payload, code, msg] of cases) {
      const res = await t.client.call(calls.registration.registerByEmail, payload);
      expect(res.code, JSON.stringify(payload)).toBe(code);
      if (msg) expect(res.msg).toMatch(msg);
    }
    expect(await t.db.select().from(users)).toHaveLength(0);
    expect(await t.db.select().from(linkTokens)).toHaveLength(0);
  });

  it('limits register calls per IP', async () => {
    let last = '';
    for (let i = 0; i < 5; i++) {
      last = (
        await t.client.call(
          calls.registration.registerByEmail,
          registrationForm(`burst${i}@example.com`, { agree: false }),
        )
      ).code;
    }
    expect(last).toBe(Code.tooManyRequests);
    expect(await t.db.select().from(users).where(eq(users.email, 'burst4@example.com'))).toHaveLength(0);
  });
});
