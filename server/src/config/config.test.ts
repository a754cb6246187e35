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
    expect(c.codeResendSeconds).toBe(60);
    expect(loadConfig({ CODE_RESEND_SECONDS: '1' }).codeResendSeconds).toBe(1);
    // only shorter than the minute, never 0
    for (const bad of ['0', '61', 'soon']) {
      expect(() => loadConfig({ CODE_RESEND_SECONDS: bad })).toThrow(/^Invalid configuration: CODE_RESEND_SECONDS /m);
    }
    // the delivery queues' own back-off unless a test server shortens it (1–5 s)
    expect(c.deliveryRetrySeconds).toBeUndefined();
    expect(loadConfig({ DELIVERY_RETRY_SECONDS: '1' }).deliveryRetrySeconds).toBe(1);
    for (const bad of ['0', '6', 'soon']) {
      expect(() => loadConfig({ DELIVERY_RETRY_SECONDS: bad })).toThrow(
        /^Invalid configuration: DELIVERY_RETRY_SECONDS /m,
      );
    }
    // an attempt cut short is retried after the queues' own 60 s, and looked for every 30 s, unless a
    // test server shortens them
    expect([c.deliveryExpireSeconds, c.jobsMaintenanceSeconds]).toEqual([undefined, undefined]);
    const short = loadConfig({ DELIVERY_EXPIRE_SECONDS: '3', JOBS_MAINTENANCE_SECONDS: '1' });
    expect([short.deliveryExpireSeconds, short.jobsMaintenanceSeconds]).toEqual([3, 1]);
    for (const bad of ['1', '61', 'soon']) {
      expect(() => loadConfig({ DELIVERY_EXPIRE_SECONDS: bad })).toThrow(
        /^Invalid configuration: DELIVERY_EXPIRE_SECONDS /m,
      );
    }
    for (const bad of ['0', '31']) {
      expect(() => loadConfig({ JOBS_MAINTENANCE_SECONDS: bad })).toThrow(
        /^Invalid configuration: JOBS_MAINTENANCE_SECONDS /m,
      );
    }
  });

  it('derives the China base path and never seeds demo data in production', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const c = loadConfig({
      REGION: 'cn',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://account.example.cn',
      DATABASE_URL: 'postgres://ac@db/ac',
      SMTP_URL: 'smtp://smtp.example.cn',
      PAYMENT_PROVIDERS: '',
      ALLOW_OUTBOX_SMS: 'true',
      ALLOW_SANDBOX_INVOICING: 'true',
      ALLOW_CHECKSUM_IDENTITY: 'true',
      FIELD_ENCRYPTION_KEY: key,
    });
    expect(c.basePath).toBe('/secure');
    expect(c.seedDemo).toBe(false);
    expect(c.fieldEncryptionKey.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('needs a 32-byte FIELD_ENCRYPTION_KEY in production in both regions, a demo key elsewhere', () => {
    expect(() => loadConfig({ REGION: 'cn', NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY/);
    expect(() => loadConfig({ REGION: 'us', NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY/);
    expect(() => loadConfig({ FIELD_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /FIELD_ENCRYPTION_KEY:? must be 32 bytes/,
    );
    expect(loadConfig({ REGION: 'cn' }).fieldEncryptionKey).toHaveLength(32);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGION: 'eu' })).toThrow(/REGION/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PROTOCOL_PLAINTEXT: 'yes' })).toThrow(/PROTOCOL_PLAINTEXT/);
  });

  it('reads the database pool, HTTP timeouts and metrics token, naming a wrong variable', () => {
    const d = loadConfig({});
    expect(d.database).toEqual({ poolSize: 10, statementTimeoutMs: 15_000, ssl: 'off' });
    expect(d.http).toEqual({ requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000, connectionTimeoutMs: 0 });
    expect(d.metricsToken).toBeUndefined();
    const c = loadConfig({
      DATABASE_POOL_SIZE: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_SSL: 'verify',
      REQUEST_TIMEOUT_MS: '10000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      CONNECTION_TIMEOUT_MS: '120000',
      METRICS_TOKEN: 'a-long-enough-token',
    });
    expect(c.database).toEqual({ poolSize: 25, statementTimeoutMs: 0, ssl: 'verify' });
    expect(c.http).toEqual({ requestTimeoutMs: 10_000, keepAliveTimeoutMs: 65_000, connectionTimeoutMs: 120_000 });
    expect(c.metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_SSL: 'on' })).toThrow(/DATABASE_SSL/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '-1' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
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

  it('reads the console settings: base path, ADMIN_ALLOWED_IPS', () => {
    expect(loadConfig({}).console).toEqual({ basePath: '/admin', allowedIps: null });
    const c = loadConfig({ ADMIN_BASE_PATH: '/ops/console', ADMIN_ALLOWED_IPS: '10.0.0.0/8, 2001:db8::1' }).console;
    expect(c).toMatchObject({ basePath: '/ops/console', allowedIps: ['10.0.0.0/8', '2001:db8::1'] });
    for (const bad of ['10.0.0.0/33', 'office', ' , ']) {
      expect(() => loadConfig({ ADMIN_ALLOWED_IPS: bad }), bad).toThrow(/^Invalid configuration: ADMIN_ALLOWED_IPS /m);
    }
    for (const bad of ['admin', '/admin/', '/Admin']) {
      expect(() => loadConfig({ ADMIN_BASE_PATH: bad }), bad).toThrow(/ADMIN_BASE_PATH/);
    }
  });
});
