/**
 * A session slides 24 hours from its last use, but ends 30 days after its
 * login however often it is used (SESSION_MAX_AGE_DAYS); the clock is
 * injected into the session service.
 */
import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { createServices } from '../../app/services.ts';
import { loadConfig } from '../../config/config.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';
import { createSessionService } from './session.service.ts';

const t = testAppForTests({ demo: true });

const HOUR = 3600_000;
const origin = { clientInfo: { clientType: 'User_PC', clientVersion: '1.0' }, ip: '127.0.0.1', userAgent: undefined };

async function serviceAt(clock: { now: Date }, maxAgeDays?: number) {
  const s = createServices({ config: t.config, db: t.db, log: t.app.log });
  const user = await s.users.findByAccount(DEMO_EMAIL);
  const service = createSessionService({ ...s, db: t.db, now: () => clock.now, maxAgeDays });
  return { service, userId: user!.id, close: () => s.close() };
}

describe('session lifetime', () => {
  it('slides while used, but ends 30 days after the login', async () => {
    const clock = { now: new Date('2031-03-01T08:00:00Z') };
    const { service, userId, close } = await serviceAt(clock);
    const token = await service.createSession(userId, origin);
    // used every 20 hours: the sliding 24 h never runs out
    for (let h = 20; h < 30 * 24; h += 20) {
      clock.now = new Date(Date.parse('2031-03-01T08:00:00Z') + h * HOUR);
      await expect(service.resolve(token)).resolves.toMatchObject({ userId });
    }
    clock.now = new Date(Date.parse('2031-03-01T08:00:00Z') + 30 * 24 * HOUR);
    await expect(service.resolve(token)).rejects.toMatchObject({ code: Code.sessionExpired });
    await close();
  });

  it('still ends 24 hours after the last use', async () => {
    const clock = { now: new Date('2031-05-01T08:00:00Z') };
    const { service, userId, close } = await serviceAt(clock);
    const token = await service.createSession(userId, origin);
    clock.now = new Date(clock.now.getTime() + 24 * HOUR + 1000);
    await expect(service.resolve(token)).rejects.toMatchObject({ code: Code.sessionExpired });
    await close();
  });

  it('takes the absolute lifetime from SESSION_MAX_AGE_DAYS', async () => {
    expect(loadConfig({}).sessionMaxAgeDays).toBe(30);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '7' }).sessionMaxAgeDays).toBe(7);
    const clock = { now: new Date('2031-07-01T08:00:00Z') };
    const { service, userId, close } = await serviceAt(clock, 2);
    const token = await service.createSession(userId, origin);
    clock.now = new Date(clock.now.getTime() + 20 * HOUR);
    await service.resolve(token);
    clock.now = new Date(clock.now.getTime() + 20 * HOUR);
    await service.resolve(token);
    clock.now = new Date(clock.now.getTime() + 9 * HOUR);
    await expect(service.resolve(token)).rejects.toMatchObject({ code: Code.sessionExpired });
    await close();
  });
});
