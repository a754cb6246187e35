/**
 * Staff sessions end after 15 minutes without a call and 12 hours after the sign-in, however
 * used (docs/decisions/0038-operator-console.md); the clock is injected into the staff service.
 */
import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { COMMAND_LINE_ACTOR, createStaffAuditService } from '../staff-audit/staff-audit.service.ts';
import { createStaffService } from './staff.service.ts';

const t = testAppForTests();
const MINUTE = 60_000;

async function serviceAt(clock: { now: Date }, email: string) {
  const service = createStaffService({ db: t.db, audit: createStaffAuditService({ db: t.db }), now: () => clock.now });
  const row = await service.create(COMMAND_LINE_ACTOR, {
    email,
    name: 'Clocked',
    role: 'support',
    password: 'Console-2026-pass',
  });
  return { service, token: await service.openSession(row.id, { ip: '127.0.0.1' }) };
}

describe('staff session lifetime', () => {
  it('ends after 15 minutes without a call', async () => {
    const clock = { now: new Date('2031-03-01T08:00:00Z') };
    const { service, token } = await serviceAt(clock, 'idle@staff.example.com');
    clock.now = new Date(clock.now.getTime() + 14 * MINUTE);
    await expect(service.resolveSession(token)).resolves.toMatchObject({ token });
    clock.now = new Date(clock.now.getTime() + 15 * MINUTE);
    await expect(service.resolveSession(token)).rejects.toMatchObject({ code: Code.staffSessionRequired });
  });

  it('ends 12 hours after the sign-in however often it is used', async () => {
    const start = Date.parse('2031-03-02T08:00:00Z');
    const clock = { now: new Date(start) };
    const { service, token } = await serviceAt(clock, 'long@staff.example.com');
    for (let m = 10; m < 12 * 60; m += 10) {
      clock.now = new Date(start + m * MINUTE);
      await service.resolveSession(token);
    }
    clock.now = new Date(start + 12 * 60 * MINUTE);
    await expect(service.resolveSession(token)).rejects.toMatchObject({ code: Code.staffSessionRequired });
  });

  it('ends at sign-out, and refuses tokens it never issued', async () => {
    const clock = { now: new Date('2031-03-03T08:00:00Z') };
    const { service, token } = await serviceAt(clock, 'out@staff.example.com');
    const { session } = await service.resolveSession(token);
    await service.endSession(session.id);
    await expect(service.resolveSession(token)).rejects.toMatchObject({ code: Code.staffSessionRequired });
    await expect(service.resolveSession('forged')).rejects.toMatchObject({ code: Code.staffSessionRequired });
    await expect(service.resolveSession(undefined)).rejects.toMatchObject({ code: Code.staffSessionRequired });
  });
});
