/** `npm run admin -- staff create|list|disable|enable|reset-second-factor` (docs/operations.md#bootstrap). */
import { Code } from '@ac/protocol/codes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleClient, STAFF_PASSWORD } from '../../test/console-client.ts';
import { testAppForTests, testServices } from '../../test/test-app.ts';
import { staffAudit } from '../db/schema/index.ts';
import type { AdminContext } from './admin-context.ts';
import { run } from './registry.ts';

const t = testAppForTests();
const ctx = (password: string): AdminContext => ({
  config: t.config,
  services: testServices(t),
  now: () => new Date(),
  readSecret: async () => password,
});
const admin = (line: string, values: Record<string, string>, password = STAFF_PASSWORD) =>
  run(ctx(password), { positionals: line.split(' '), values });

describe('staff commands', () => {
  it('creates an admin with the password read as a secret, lists it, refuses a weak password and a second account of the email', async () => {
    const created = await admin('staff create', { email: 'Root@Staff.example.com', name: 'Root', role: 'admin' });
    expect(created).toBe('staff root@staff.example.com (admin) created; sign in at the console with a second factor');
    expect(await admin('staff list', {})).toMatch(/root@staff\.example\.com\s+Root\s+admin\s+no/);
    await expect(
      admin('staff create', { email: 'weak@staff.example.com', name: 'Weak', role: 'support' }, 'password'),
    ).rejects.toMatchObject({ code: Code.passwordPolicy });
    await expect(
      admin('staff create', { email: 'root@staff.example.com', name: 'Again', role: 'support' }),
    ).rejects.toMatchObject({ code: Code.staffEmailTaken });
    await expect(
      admin('staff create', { email: 'x@staff.example.com', name: 'X', role: 'boss' }),
    ).rejects.toMatchObject({
      code: Code.invalidParam,
    });
    const rows = await t.db.select().from(staffAudit).where(eq(staffAudit.action, 'staff.create'));
    expect(rows).toMatchObject([{ staffEmail: 'command-line', targetType: 'staff' }]);
  });

  it('disables an account: its sessions end and it cannot sign in; enable lets it in again', async () => {
    const browser = consoleClient(t.app);
    expect((await browser.signIn('root@staff.example.com')).body.stage).toBe('signedIn');
    expect(await admin('staff disable', { email: 'root@staff.example.com' })).toMatch(/disabled/);
    expect((await browser.call(consoleCalls.session.me)).body.code).toBe(Code.staffSessionRequired);
    expect((await consoleClient(t.app).signIn('root@staff.example.com')).body.code).toBe(Code.staffSignInFailed);
    await admin('staff enable', { email: 'root@staff.example.com' });
    expect((await consoleClient(t.app).signIn('root@staff.example.com')).body.stage).toBe('signedIn');
  });

  it('resets a lost second factor: the sessions end, the next sign-in enrols again; audited', async () => {
    const browser = consoleClient(t.app);
    expect((await browser.signIn('root@staff.example.com')).body.stage).toBe('signedIn');
    expect(await admin('staff reset-second-factor', { email: 'Root@staff.example.com' })).toMatch(
      /second factor and recovery codes removed/,
    );
    expect((await browser.call(consoleCalls.session.me)).body.code).toBe(Code.staffSessionRequired);
    const again = consoleClient(t.app);
    const first = await again.call(consoleCalls.session.signIn, {
      email: 'root@staff.example.com',
      password: STAFF_PASSWORD,
    });
    expect(first.body.stage).toBe('enrolSecondFactor');
    const rows = await t.db.select().from(staffAudit).where(eq(staffAudit.action, 'staff.resetSecondFactor'));
    expect(rows).toMatchObject([{ staffEmail: 'command-line', targetType: 'staff' }]);
    await expect(admin('staff reset-second-factor', { email: 'nobody@staff.example.com' })).rejects.toMatchObject({
      code: Code.staffNotFound,
    });
  });
});
