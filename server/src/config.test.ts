import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', region: 'us', basePath: '/account/secure' });
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.protocolPlaintext).toBe(false);
    expect(c.seedDemo).toBe(true);
    expect(c.captchaFreeSendsPerIp).toBe(10);
    expect(loadConfig({ CAPTCHA_FREE_SENDS_PER_IP: '1000' }).captchaFreeSendsPerIp).toBe(1000);
  });

  it('derives the China base path and never seeds demo data in production', () => {
    const c = loadConfig({ REGION: 'cn', NODE_ENV: 'production' });
    expect(c.basePath).toBe('/secure');
    expect(c.seedDemo).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGION: 'eu' })).toThrow(/REGION/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PROTOCOL_PLAINTEXT: 'yes' })).toThrow(/PROTOCOL_PLAINTEXT/);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
