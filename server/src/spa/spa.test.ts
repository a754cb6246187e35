import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { calls } from '@ac/protocol/calls';
import { afterAll, describe, expect, it } from 'vitest';
import { testAppForTests } from '../../test/test-app.ts';
import { payChannelsOf } from './spa.plugin.ts';

const dist = mkdtempSync(join(tmpdir(), 'ac-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
// what the web build's precompress plugin writes beside a text asset
const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};\n`;
writeFileSync(join(dist, 'assets', 'index-def456.js'), script);
writeFileSync(join(dist, 'assets', 'index-def456.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'index-def456.js.gz'), gzipSync(script));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the pay channels told to the web', () => {
  it('offers the card with Stripe or the sandbox, and PayPal only when PAYMENT_PROVIDERS lists it', () => {
    expect(payChannelsOf(['sandbox'])).toEqual(['card']);
    expect(payChannelsOf(['stripe', 'paypal'])).toEqual(['card', 'paypal']);
    expect(payChannelsOf(['paypal'])).toEqual(['paypal']);
    expect(payChannelsOf(['stripe', 'fastspring'])).toEqual(['card', 'fastspring']);
    expect(payChannelsOf(['alipay', 'wechat'])).toEqual([]);
  });
});

describe.each([
  ['us', '/account/secure'],
  ['cn', '/secure'],
] as const)('the SPA in region %s', (region, base) => {
  const t = testAppForTests({ region, webDist: dist });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

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
      expect(res.body).toContain('&quot;payChannels&quot;:[&quot;card&quot;]');
      // no Stripe in this app: nothing is sold renewing
      expect(res.body).toContain('&quot;renewing&quot;:false');
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

  it('sends assets brotli- or gzip-compressed as the client accepts, with Vary', async () => {
    const url = `${base}/assets/index-def456.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await get(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(script);

    const small = await get(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('sends the rewritten index.html compressed as the client accepts, never cached', async () => {
    const plain = await get(`${base}/products`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const br = await get(`${base}/products`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(`${base}/`, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const direct = await get(`${base}/index.html`, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(direct.rawPayload).toString()).toBe(plain.body);
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
