import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { CAPTCHA_FREE_SENDS_PER_IP } from '@ac/protocol/profile';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../test/test-app.ts';

const t = testAppForTests();

describe('per-IP rate limits', () => {
  it('answers 429 with 0000006 past 20 code sends a minute', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.client.call(calls.codes.sendEmailCode, {
        email: `rl${i}@example.com`,
        purpose: 'login',
      });
      codes.push(`${res.status}:${res.code}`);
    }
    // the first ones go out; later ones ask for the image captcha (1100010), still answered, not rate-limited
    const free = CAPTCHA_FREE_SENDS_PER_IP;
    expect(codes.slice(0, free).every((c) => c === `200:${Code.ok}`)).toBe(true);
    expect(codes.slice(free, 20).every((c) => c === `200:${Code.captchaRequired}`)).toBe(true);
    expect(codes[20]).toBe(`429:${Code.tooManyRequests}`);
  });
});
