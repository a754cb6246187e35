/**
 * Image captcha (docs/protocol.md#verification-codes): an SVG of a few characters, the answer stored
 * hashed, one try per image; a right answer yields a single-use ticket that
 * lets one more code be sent once the free sends are used up.
 */
import { randomUUID } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { CAPTCHA_TICKET_TTL_MINUTES, CAPTCHA_TTL_MINUTES } from '@ac/protocol/profile';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, MINUTE } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createCaptchaRepo } from './captcha.repo.ts';

/** Draws a captcha: its answer and the SVG markup. */
export type CaptchaGenerator = () => { text: string; svg: string };

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  // no look-alike characters (0/O, 1/l/I), so the answer can be typed without guessing
  const { text, data } = svgCaptcha.create({
    size: 5,
    noise: 3,
    color: true,
    ignoreChars: '0oO1ilI',
    width: 150,
    height: 50,
  });
  return { text, svg: data };
};

function answerHash(id: string, answer: string) {
  return sha256Hex(`captcha:${id}:${answer.trim().toLowerCase()}`);
}

type Deps = { db: Db; generate: CaptchaGenerator; audit: AuditService; now?: () => Date };
/** Who asks: the session's user when there is one, and the request id for the log. */
export type CaptchaOrigin = { ip: string; userId?: string | undefined; requestId?: string };

export function createCaptchaService(d: Deps) {
  const { db, generate } = d;
  const now = d.now ?? (() => new Date());
  return {
    async create(origin: CaptchaOrigin) {
      const { ip } = origin;
      const { text, svg } = generate();
      const at = now();
      const repo = createCaptchaRepo(db);
      await repo.deleteExpired(addMs(at, -DAY));
      // the answer hash is bound to the image id, so an answer fits only its own image
      const id = randomUUID();
      await repo.insertCaptcha({
        id,
        answerHash: answerHash(id, text),
        ip,
        createdAt: at,
        expiresAt: addMs(at, CAPTCHA_TTL_MINUTES * MINUTE),
      });
      await d.audit.record({ event: 'captcha.issued', ...origin });
      return { imageKey: id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** One try: a right answer gives a ticket, a wrong one kills the image (1100011). */
    async verify(imageKey: string, answer: string, origin: CaptchaOrigin) {
      const at = now();
      const repo = createCaptchaRepo(db);
      try {
        const row = await repo.takeTry(imageKey, at);
        if (!row || row.answerHash !== answerHash(imageKey, answer)) throw new AppError(Code.captchaWrong);
        const ticket = randomToken();
        await repo.setTicket(imageKey, sha256Hex(ticket), addMs(at, CAPTCHA_TICKET_TTL_MINUTES * MINUTE));
        await d.audit.record({ event: 'captcha.passed', ...origin });
        return { ticket };
      } catch (e) {
        await d.audit.record({ event: 'captcha.failed', ...origin });
        throw e;
      }
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
