/**
 * Devices reported by CAD clients, bound up to the membership's limit and
 * unbound (signing them out); concurrent client sessions beyond the limit
 * replaced (1000008). The races also run on PostgreSQL (server-pg).
 */
import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code, formatMessage } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { DEFAULT_DEVICE_LIMITS, deviceLimits, limitFor } from '../../config/device-limits.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/hashing.ts';

const t = testAppForTests();

const desktop = { clientType: 'df_windows', clientVersion: '2.4.1' };
let macs = 0;
const device = (name = 'Workstation') => {
  macs += 1;
  const hex = macs.toString(16).padStart(6, '0');
  return {
    uuid: randomUUID(),
    mac: `00:1A:2B:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`,
    name,
    model: 'Dell Precision 5570',
    clientVersion: '2.4.1',
  };
};

/** A CAD client's session of the account (a desktop login); `loginAt` orders the logins. */
async function clientSession(a: Account, loginAt?: Date) {
  return testServices(t).sessions.createSession(
    a.userId,
    { clientInfo: desktop, ip: a.ip, userAgent: 'GstarCAD/2.4' },
    loginAt,
  );
}

async function report(a: Account, token: string, d = device()) {
  const res = await t.client.from(a.ip).call(calls.devices.report, d, { token, clientInfo: desktop });
  expect(res.code).toBe(Code.ok);
  return res.data!.id;
}

const list = (a: Account, token = a.token) =>
  t.client.from(a.ip).call(calls.devices.list, { pageNo: 1, pageSize: 50 }, { token });
const bind = (a: Account, id: string) => t.client.from(a.ip).call(calls.devices.bind, { id }, { token: a.token });
const userInfo = (a: Account, token: string) => t.client.from(a.ip).call(calls.session.userInfo, {}, { token });

/** Makes the session's login look `minutes` old (no waiting). */
async function ageLogin(token: string, minutes: number) {
  const { sha256Hex } = await import('../../lib/hashing.ts');
  await t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, sha256Hex(token)));
}

describe('report', () => {
  it('records the device with the request IP and time, unbound, and ties the session to it', async () => {
    const a = await createAccount(t);
    const token = await clientSession(a);
    const d = device('Drafting PC');
    const before = Date.now();
    const id = await report(a, token, d);
    const res = await list(a);
    expect(res.data.rows).toEqual([expect.objectContaining({ id, ...d, lastIp: a.ip, status: 'unbound' })]);
    expect(new Date(res.data.rows[0]!.lastTime!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.data).toMatchObject({ bound: 0, boundLimit: DEFAULT_DEVICE_LIMITS.standard.boundDevices });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.reportedDeviceId, id));
    expect(row?.userId).toBe(a.userId);
  });

  it('updates the same uuid instead of adding a device, with the new IP', async () => {
    const a = await createAccount(t);
    const d = device();
    const id = await report(a, await clientSession(a), d);
    const again = await t.client
      .from('10.99.0.7')
      .call(
        calls.devices.report,
        { ...d, clientVersion: '2.5.0' },
        { token: await clientSession(a), clientInfo: desktop },
      );
    expect(again.data?.id).toBe(id);
    const rows = (await list(a)).data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientVersion: '2.5.0', lastIp: '10.99.0.7' });
  });

  it("refuses the portal's own client types and a malformed MAC", async () => {
    const a = await createAccount(t);
    const portal = await t.client.from(a.ip).call(calls.devices.report, device(), { token: a.token });
    expect(portal.code).toBe(Code.portalIsNoDevice);
    const bad = await t.client
      .from(a.ip)
      .call(calls.devices.report, { ...device(), mac: 'zz' }, { token: a.token, clientInfo: desktop });
    expect(bad.code).toBe(Code.invalidParam);
    expect((await list(a)).data.total).toBe(0);
  });
});

describe('bind and unbind', () => {
  it('binds a reported device; unbinding ends its sessions (1000002) and keeps the others', async () => {
    const a = await createAccount(t);
    const cad = await clientSession(a);
    const id = await report(a, cad);
    expect((await bind(a, id)).code).toBe(Code.ok);
    expect((await list(a)).data).toMatchObject({ bound: 1, rows: [expect.objectContaining({ status: 'bound' })] });
    expect((await userInfo(a, cad)).code).toBe(Code.ok);

    const res = await t.client.from(a.ip).call(calls.devices.unbind, { id }, { token: a.token });
    expect(res.code).toBe(Code.ok);
    expect((await list(a)).data).toMatchObject({ bound: 0, rows: [expect.objectContaining({ status: 'unbound' })] });
    expect((await userInfo(a, cad)).code).toBe(Code.sessionRevoked);
    expect((await userInfo(a, a.token)).code).toBe(Code.ok);
  });

  it("answers 1500001 for another user's device", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const id = await report(a, await clientSession(a));
    expect((await bind(b, id)).code).toBe(Code.deviceNotFound);
    expect((await t.client.from(b.ip).call(calls.devices.unbind, { id }, { token: b.token })).code).toBe(
      Code.deviceNotFound,
    );
  });

  it('from a login older than 15 minutes needs the current password', async () => {
    const a = await createAccount(t);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Current-pass-1') })
      .where(eq(users.id, a.userId));
    const id = await report(a, await clientSession(a));
    await bind(a, id);
    await ageLogin(a.token, 16);
    const unbind = (extra: object) =>
      t.client.from(a.ip).call(calls.devices.unbind, { id, ...extra }, { token: a.token });
    expect((await unbind({})).code).toBe(Code.reauthRequired);
    expect((await unbind({ password: 'Wrong-pass-1' })).code).toBe(Code.passwordWrong);
    expect((await list(a)).data.bound).toBe(1);
    expect((await unbind({ password: 'Current-pass-1' })).code).toBe(Code.ok);
    expect((await list(a)).data.bound).toBe(0);
  });
});

describe('limits per account type', () => {
  it('binds up to the standard limit, then 1500002 naming it; a premium membership raises it', async () => {
    const a = await createAccount(t);
    const max = DEFAULT_DEVICE_LIMITS.standard.boundDevices;
    const ids: string[] = [];
    for (let i = 0; i <= max; i++) ids.push(await report(a, await clientSession(a)));
    for (const id of ids.slice(0, max)) expect((await bind(a, id)).code).toBe(Code.ok);
    const over = await bind(a, ids[max]!);
    expect(over.code).toBe(Code.deviceLimitReached);
    expect(over.msg).toBe(formatMessage(Code.deviceLimitReached, { max }));
    expect(over.msg).toContain(String(max));

    await testServices(t).membershipAdmin.grant(a.userId, 'ML3', 30); // professional
    expect((await bind(a, ids[max]!)).code).toBe(Code.ok);
    expect((await list(a)).data).toMatchObject({
      bound: max + 1,
      boundLimit: DEFAULT_DEVICE_LIMITS.professional.boundDevices,
    });
  });

  it('takes the highest limit over the account types, and configuration overrides the table', () => {
    const table = deviceLimits({ premium: { boundDevices: 7 } });
    expect(table.premium).toEqual({ boundDevices: 7, clientSessions: DEFAULT_DEVICE_LIMITS.premium.clientSessions });
    expect(limitFor(table, [])).toEqual(DEFAULT_DEVICE_LIMITS.standard);
    expect(limitFor(table, ['adFree', 'premium', 'unknown']).boundDevices).toBe(7);
  });

  it('two parallel binds for the last slot: exactly one wins', async () => {
    const max = DEFAULT_DEVICE_LIMITS.standard.boundDevices;
    for (let round = 0; round < 10; round++) {
      const a = await createAccount(t);
      const ids: string[] = [];
      for (let i = 0; i <= max; i++) ids.push(await report(a, await clientSession(a)));
      for (const id of ids.slice(0, max - 1)) expect((await bind(a, id)).code).toBe(Code.ok);
      const [x, y] = await Promise.all([bind(a, ids[max - 1]!), bind(a, ids[max]!)]);
      expect([x.code, y.code].sort()).toEqual([Code.ok, Code.deviceLimitReached].sort());
      expect((await list(a)).data.bound).toBe(max);
    }
  });
});

describe('concurrent client sessions (1000008)', () => {
  it('an N+1th client replaces the oldest client session; browser sessions do not count', async () => {
    const a = await createAccount(t);
    const n = DEFAULT_DEVICE_LIMITS.standard.clientSessions;
    const base = Date.now() - 60 * 60_000;
    const tokens: string[] = [];
    for (let i = 0; i <= n; i++) {
      const token = await clientSession(a, new Date(base + i * 60_000));
      await report(a, token);
      tokens.push(token);
    }
    const oldest = await userInfo(a, tokens[0]!);
    expect(oldest.code).toBe(Code.sessionReplaced);
    expect(oldest.msg).toBe(formatMessage(Code.sessionReplaced));
    for (const token of tokens.slice(1)) expect((await userInfo(a, token)).code).toBe(Code.ok);
    // the portal's browser session (a.token) is still live
    expect((await userInfo(a, a.token)).code).toBe(Code.ok);
  });

  it('parallel reports of N+1 clients leave exactly N live client sessions', async () => {
    const a = await createAccount(t);
    const n = DEFAULT_DEVICE_LIMITS.standard.clientSessions;
    const tokens = await Promise.all(Array.from({ length: n + 1 }, () => clientSession(a)));
    await Promise.all(tokens.map((token) => report(a, token)));
    const codes = await Promise.all(tokens.map(async (token) => (await userInfo(a, token)).code));
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(n);
    expect(codes.filter((c) => c === Code.sessionReplaced)).toHaveLength(1);
  });
});

describe('active sessions', () => {
  it('lists browser and client sessions with device, IP and times, marking this one', async () => {
    const a = await createAccount(t);
    const cad = await clientSession(a);
    const id = await report(a, cad, device('Laptop'));
    const res = await t.client.from(a.ip).call(calls.session.listActive, {}, { token: a.token });
    expect(res.code).toBe(Code.ok);
    const rows = res.data.rows;
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.current)!;
    expect(mine).toMatchObject({ clientType: 'User_PC', portal: true, device: null });
    const client = rows.find((r) => !r.current)!;
    expect(client).toMatchObject({
      clientType: 'df_windows',
      portal: false,
      device: { id, name: 'Laptop', model: 'Dell Precision 5570' },
      ip: a.ip,
    });
    expect(Date.parse(client.startedAt)).not.toBeNaN();
    expect(Date.parse(client.lastSeenAt)).not.toBeNaN();
  });

  it('signs out another session: its next call answers 1000002; twice answers 1500003', async () => {
    const a = await createAccount(t);
    const other = await clientSession(a);
    const rows = (await t.client.from(a.ip).call(calls.session.listActive, {}, { token: a.token })).data.rows;
    const target = rows.find((r) => !r.current)!;
    expect((await userInfo(a, other)).code).toBe(Code.ok);
    const res = await t.client.from(a.ip).call(calls.session.signOut, { id: target.id }, { token: a.token });
    expect(res.code).toBe(Code.ok);
    expect((await userInfo(a, other)).code).toBe(Code.sessionRevoked);
    const again = await t.client.from(a.ip).call(calls.session.signOut, { id: target.id }, { token: a.token });
    expect(again.code).toBe(Code.sessionNotFound);
  });

  it("cannot sign out another user's session", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const rows = (await t.client.from(b.ip).call(calls.session.listActive, {}, { token: b.token })).data.rows;
    const res = await t.client.from(a.ip).call(calls.session.signOut, { id: rows[0]!.id }, { token: a.token });
    expect(res.code).toBe(Code.sessionNotFound);
    expect((await userInfo(b, b.token)).code).toBe(Code.ok);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const a = await createAccount(t);
    const others = [await clientSession(a), await clientSession(a)];
    const res = await t.client.from(a.ip).call(calls.session.signOutOthers, {}, { token: a.token });
    expect(res.data).toEqual({ count: 2 });
    for (const token of others) expect((await userInfo(a, token)).code).toBe(Code.sessionRevoked);
    expect((await userInfo(a, a.token)).code).toBe(Code.ok);
    const rows = (await t.client.from(a.ip).call(calls.session.listActive, {}, { token: a.token })).data.rows;
    expect(rows.map((r) => r.current)).toEqual([true]);
  });
});
