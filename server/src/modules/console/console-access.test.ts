/**
 * Who reaches the console: ADMIN_ALLOWED_IPS (the client's address after TRUST_PROXY), the
 * Secure `__Host-` cookie behind https, and a staff member without a second factor, who must
 * set one up before anything else (2500008 for a code, 2500003 for every other call).
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { describe, expect, it } from 'vitest';
import { consoleClient, createStaffOfEachRole, STAFF_PASSWORD } from '../../../test/console-client.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';

const t = testAppForTests({
  env: {
    PUBLIC_URL: 'https://accounts.example.com',
    TRUST_PROXY: '1',
    ADMIN_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::1',
    ADMIN_BASE_PATH: '/ops',
  },
});

const from = (ip: string) => consoleClient(t.app, { base: '/ops', remoteAddress: '10.0.0.1', forwardedFor: ip });

describe('console access', () => {
  it('answers only the addresses of ADMIN_ALLOWED_IPS, read through the trusted proxy', async () => {
    const staff = await createStaffOfEachRole(testServices(t), 'a');
    const refused = await from('198.51.100.7').call(consoleCalls.session.signIn, {
      email: staff.support,
      password: STAFF_PASSWORD,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: Code.staffIpNotAllowed } });
    const v6 = await from('2001:db8::2').call(consoleCalls.session.signIn, {
      email: staff.support,
      password: STAFF_PASSWORD,
    });
    expect(v6.body.code).toBe(Code.staffIpNotAllowed);
    const allowed = await from('203.0.113.9').call(consoleCalls.session.signIn, {
      email: staff.support,
      password: STAFF_PASSWORD,
    });
    expect(allowed).toMatchObject({ status: 200, body: { stage: 'enrolSecondFactor' } });
    // behind https: Secure, and the __Host- prefix (path /, no domain)
    expect(allowed.cookies[0]).toMatch(/^__Host-ac_staff=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('keeps the console closed to a staff member without a second factor until they set one up', async () => {
    const browser = from('2001:db8::1');
    await browser.call(consoleCalls.session.signIn, { email: 'a-admin@staff.example.com', password: STAFF_PASSWORD });
    expect(await browser.call(consoleCalls.session.secondFactor, { code: '123456' })).toMatchObject({
      status: 403,
      body: { code: Code.staffSecondFactorNotEnrolled },
    });
    expect((await browser.call(consoleCalls.users.search, { query: 'x' })).body.code).toBe(
      Code.staffSecondFactorRequired,
    );
  });
});
