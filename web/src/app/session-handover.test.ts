import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { dropHandoverFromUrl, handoverDecision, takeHandover } from './session-handover';

const userInfo = (email: string) => ({
  id: 'u1',
  name: 'u',
  nickName: 'U',
  email,
  mobile: null,
  favicon: null,
  sex: 0,
  level: 0,
  score: 0,
  vipType: 'free',
  isActivate: 1,
  registerDate: '2026-01-01 00:00:00',
  lastLoginTime: null,
  updateTime: '2026-01-01 00:00:00',
});

describe('handoverDecision', () => {
  it('exchanges a handover code and asks about a raw token, with a session here or without one', () => {
    expect(handoverDecision('?handover=c1&utoken=t1', 'mine')).toEqual({ kind: 'exchange', code: 'c1' });
    expect(handoverDecision('?utoken=t1', undefined)).toEqual({ kind: 'confirm', token: 't1' });
    expect(handoverDecision('?utoken=t1', 'mine')).toEqual({ kind: 'confirm', token: 't1' });
    expect(handoverDecision('?utoken=mine', 'mine')).toEqual({ kind: 'none' });
    expect(handoverDecision('?lang=de', 'mine')).toEqual({ kind: 'none' });
  });
});

describe('takeHandover', () => {
  const server = installFakeServer();
  beforeEach(() => clearToken());

  it('asks before signing a browser without a session in with a handover code (login CSRF)', async () => {
    server.on(calls.session.exchangeHandover.path, (payload) => ({
      bizData: { utoken: `from-${(payload as { code: string }).code}`, userInfo: userInfo('cad@example.com') },
    }));
    expect(await takeHandover('?handover=c1')).toEqual({
      token: 'from-c1',
      account: 'cad@example.com',
      handedOver: true,
      signedIn: false,
    });
    expect(getToken()).toBeUndefined();
    expect(server.calls.find((c) => c.path === calls.session.exchangeHandover.path)?.utoken).toBeNull();
  });

  it('keeps the current session and asks before switching to a handed-over one', async () => {
    setToken('mine');
    server.on(calls.session.exchangeHandover.path, () => ({
      bizData: { utoken: 'other', userInfo: userInfo('other@example.com') },
    }));
    expect(await takeHandover('?handover=c2')).toEqual({
      token: 'other',
      account: 'other@example.com',
      handedOver: true,
      signedIn: true,
    });
    expect(getToken()).toBe('mine');
  });

  it('ignores an invalid handover code', async () => {
    setToken('mine');
    server.on(calls.session.exchangeHandover.path, () => ({ code: Code.sessionExpired }));
    expect(await takeHandover('?handover=bad')).toBeNull();
    expect(getToken()).toBe('mine');
  });

  it('never adopts a raw utoken over another session, and asks with its account', async () => {
    setToken('mine');
    server.on(calls.session.userInfo.path, (_, ctx) => ({
      bizData: {
        utoken: ctx.utoken,
        userInfo: userInfo('fixated@example.com'),
        storage: { total: 0, used: 0, surplus: 0, free: 0, overQuota: false },
        vipInfo: null,
      },
    }));
    expect(await takeHandover('?utoken=planted')).toEqual({
      token: 'planted',
      account: 'fixated@example.com',
      handedOver: false,
      signedIn: true,
    });
    expect(getToken()).toBe('mine');
  });

  it('never adopts a raw utoken silently when no session is here either: it asks', async () => {
    server.on(calls.session.userInfo.path, (_, ctx) => ({
      bizData: {
        utoken: ctx.utoken,
        userInfo: userInfo('planted@example.com'),
        storage: { total: 0, used: 0, surplus: 0, free: 0, overQuota: false },
        vipInfo: null,
      },
    }));
    expect(await takeHandover('?utoken=cad')).toEqual({
      token: 'cad',
      account: 'planted@example.com',
      handedOver: false,
      signedIn: false,
    });
    expect(getToken()).toBeUndefined();
  });

  it('ignores a raw utoken that names no live session', async () => {
    server.on(calls.session.userInfo.path, () => ({ code: Code.sessionExpired }));
    expect(await takeHandover('?utoken=dead')).toBeNull();
    expect(getToken()).toBeUndefined();
  });

  it('removes handover and utoken from the address bar', () => {
    window.history.replaceState(null, '', '/products?handover=c&utoken=t&lang=de');
    dropHandoverFromUrl();
    expect(window.location.search).toBe('?lang=de');
  });
});
