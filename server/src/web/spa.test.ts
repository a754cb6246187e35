import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/protocol/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const dist = mkdtempSync(join(tmpdir(), 'ac-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each([
  ['us', '/account/secure'],
  ['cn', '/secure'],
] as const)('the SPA in region %s', (region, base) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ region, webDist: dist });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('redirects / to the base path', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${base}/`);
  });

  it('serves index.html with the region settings for deep links (history mode)', async () => {
    for (const path of [`${base}/`, `${base}/order/pro`, `${base}/h5/profile`, `${base}/no/such/page`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(`<base href="${base}/">`);
      expect(res.body).toContain(`&quot;region&quot;:&quot;${region}&quot;`);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const res = await get(`${base}/assets/app-abc123.js`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await get(`${base}/assets/missing.js`)).statusCode).toBe(404);
  });

  it('serves dict.json under the base path', async () => {
    const res = await get(`${base}/dict.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1 });
    expect(res.json().goods).toContainEqual({ code: 'ML2', productType: 'viewer', accountType: 'premium', level: 2 });
  });

  it('does not serve the other region base path', async () => {
    const other = region === 'us' ? '/secure/products' : '/account/secure/products';
    expect((await get(other)).statusCode).toBe(404);
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain(calls.session.login.path);
  });
});
