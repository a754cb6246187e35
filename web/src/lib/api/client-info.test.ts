import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeCookie, setCookie } from '@/lib/cookies';
import { persistTrackedParams } from '@/lib/tracked-params';
import { getClientInfo, setClientLanguage } from './client-info';

const cookies = ['clientType', 'clientVersion', 'channelCode', 'utm_source', 'thirdClientType', 'deviceId', 'utoken'];

afterEach(() => {
  for (const name of cookies) removeCookie(name);
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('clientInfo', () => {
  it('defaults to User_PC 1.0 on a desktop browser and User_H5 on a phone', () => {
    expect(getClientInfo()).toMatchObject({ clientType: 'User_PC', clientVersion: '1.0' });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148');
    expect(getClientInfo().clientType).toBe('User_H5');
  });

  it('takes the URL first, then the cookie', () => {
    setCookie('clientType', 'gs_pc');
    expect(getClientInfo().clientType).toBe('gs_pc');
    window.history.replaceState(null, '', '/?clientType=df_windows&clientVersion=2026.1');
    expect(getClientInfo()).toMatchObject({ clientType: 'df_windows', clientVersion: '2026.1' });
  });

  it('keeps the tracked URL parameters in cookies, never the token', () => {
    persistTrackedParams('?utm_source=mail&clientType=gstarcad&utoken=abc&ignored=1');
    expect(document.cookie).toContain('utm_source=mail');
    expect(document.cookie).not.toContain('utoken=abc');
    expect(document.cookie).not.toContain('ignored');
    setClientLanguage('de');
    expect(getClientInfo()).toMatchObject({ clientType: 'gstarcad', utmSource: 'mail', language: 'de' });
  });

  it('sends the third-party client fields only for channels 39, 55 and 15', () => {
    persistTrackedParams('?channelCode=12&thirdClientType=x&deviceId=d1');
    expect(getClientInfo().deviceId).toBeUndefined();
    persistTrackedParams('?channelCode=39&thirdClientType=x&deviceId=d1');
    expect(getClientInfo()).toMatchObject({ channelCode: '39', thirdClientType: 'x', deviceId: 'd1' });
  });
});
