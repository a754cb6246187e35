import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TKaptchaResponse, TKaptchaVerifyResponse } from '@ac/protocol/profile';
import { CAPTCHA_FREE_SENDS_PER_IP } from '@ac/protocol/profile';
import { describe, expect, it } from 'vitest';
import { failureCode } from '../../../test/app-errors.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { auditLog, captchas } from '../../db/schema/index.ts';
import { MINUTE, SECOND } from '../../lib/time.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createCaptchaService, svgCaptchaGenerator } from './captcha.service.ts';
import { createCodesService } from './codes.service.ts';

const ANSWER = 'k7x2p';
const t = testAppForTests({ adapters: { captcha: () => ({ text: ANSWER, svg: '<svg>k7x2p</svg>' }) } });

const kaptcha = () => t.client.call<TKaptchaResponse>(calls.codes.kaptcha, {});
const verify = (imageKey: string, answer: string) =>
  t.client.call<TKaptchaVerifyResponse>(calls.codes.kaptchaVerify, { imageKey, answer });
const send = (email: string, ticket?: string) =>
  t.client.call(calls.codes.sendEmailCode, { email, purpose: 'login', ...(ticket ? { ticket } : {}) });

describe('image captcha calls', () => {
  it('draws an SVG with look-alike characters left out', () => {
    for (let i = 0; i < 20; i++) {
      const { text, svg } = svgCaptchaGenerator();
      expect(text).toMatch(/^[^0oO1ilI]{5}$/);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toContain(text);
    }
  });

  it('asks for a captcha after the free sends from one IP in an hour; a ticket lets one more through, once', async () => {
    for (let i = 0; i < CAPTCHA_FREE_SENDS_PER_IP; i++) expect((await send(`ip${i}@example.com`)).code).toBe(Code.ok);
    expect((await send('over-a@example.com')).code).toBe(Code.captchaRequired);

    const image = await kaptcha();
    expect(image.code).toBe(Code.ok);
    expect(image.data.image).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg>k7x2p</svg>').toString('base64')}`);
    const solved = await verify(image.data.imageKey, ' K7X2P ');
    expect(solved.code).toBe(Code.ok);
    const { ticket } = solved.data;
    expect((await send('over-a@example.com', ticket)).code).toBe(Code.ok);
    expect((await send('over-b@example.com', ticket)).code).toBe(Code.captchaRequired);
    expect((await send('over-b@example.com', 'made-up-ticket')).code).toBe(Code.captchaRequired);
  });

  it('gives one try per image: a wrong answer kills it', async () => {
    const image = await kaptcha();
    expect((await verify(image.data.imageKey, 'wrong')).code).toBe(Code.captchaWrong);
    expect((await verify(image.data.imageKey, ANSWER)).code).toBe(Code.captchaWrong);
    expect((await verify('00000000-0000-4000-8000-000000000000', ANSWER)).code).toBe(Code.captchaWrong);
    expect((await verify('not-a-uuid', ANSWER)).code).toBe(Code.invalidParam);
  });

  it('keeps only hashes and audits without answers or tickets', async () => {
    const rows = await t.db.select().from(captchas);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/k7x2p/i);
    const events = (await t.db.select().from(auditLog)).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['captcha.issued', 'captcha.passed', 'captcha.failed']));
    const audit = await t.db.select().from(auditLog);
    expect(JSON.stringify(audit)).not.toMatch(/k7x2p/i);
  });
});

describe('captcha rules with a clock', () => {
  let clock = new Date('2026-03-01T00:00:00Z');
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const now = () => clock;
  const service = () =>
    createCaptchaService({
      db: t.db,
      generate: () => ({ text: 'abcde', svg: '<svg/>' }),
      audit: createAuditService({ db: t.db }),
      now,
    });
  const codes = () => createCodesService({ db: t.db, now });

  it('needs a ticket after 3 sends to one target in an hour, whatever the IP', async () => {
    const target = 'target@example.com';
    for (let i = 0; i < 3; i++) {
      expect(await failureCode(codes().issue('login', target, { ip: `10.0.0.${i}` }))).toBe('ok');
      tick(61 * SECOND);
    }
    expect(await failureCode(codes().issue('login', target, { ip: '10.0.0.9' }))).toBe(Code.captchaRequired);
    const { imageKey } = await service().create({ ip: '10.0.0.9' });
    const { ticket } = await service().verify(imageKey, 'ABCDE', { ip: '10.0.0.9' });
    expect(await failureCode(codes().issue('login', target, { ip: '10.0.0.9', ticket }))).toBe('ok');
    tick(61 * MINUTE);
    expect(await failureCode(codes().issue('login', target, { ip: '10.0.0.9' }))).toBe('ok');
  });

  it('images last 5 minutes, tickets 10 minutes', async () => {
    const late = await service().create({ ip: '10.0.1.1' });
    tick(5 * MINUTE + SECOND);
    expect(await failureCode(service().verify(late.imageKey, 'abcde', { ip: '10.0.0.9' }))).toBe(Code.captchaWrong);

    const fresh = await service().create({ ip: '10.0.1.1' });
    const { ticket } = await service().verify(fresh.imageKey, 'abcde', { ip: '10.0.0.9' });
    tick(10 * MINUTE + SECOND);
    const target = 'late-ticket@example.com';
    for (let i = 0; i < 3; i++) {
      await codes().issue('login', target, { ip: '10.0.1.2' });
      tick(61 * SECOND);
    }
    expect(await failureCode(codes().issue('login', target, { ip: '10.0.1.2', ticket }))).toBe(Code.captchaRequired);
  });
});
