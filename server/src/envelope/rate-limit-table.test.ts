/**
 * The per-IP limits of docs/protocol.md#throttling-and-rate-limits, observed
 * through the HTTP surface in both regions: the table in the document is
 * read, every route of the server is probed once (the limiter names its
 * limit in X-RateLimit-Limit), and each limited route is then called up to
 * its limit and once more, which must answer 0000006 with HTTP 429. Requests
 * carry a broken envelope: the limiter counts a request before the envelope
 * is opened. The window itself is never waited out.
 */
import { readFileSync } from 'node:fs';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { thirdPartiesByRegion } from '@ac/protocol/enums';
import { httpPaths, invoicePdfPath, payNotifyPath, receiptPdfPath } from '@ac/protocol/http-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The catalogue code of a JSON answer (the sandbox checkout answers HTML). */
const codeOf = (res: { body: string }) => {
  try {
    return (JSON.parse(res.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

type Probe = { method: 'GET' | 'POST'; url: string; row: string };

/** The rows of the document's per-IP table (`| \`path\` (China) | 30 / minute |`) that exist in `region`: route → "30 / minute". */
function documentedLimits(region: 'us' | 'cn'): Map<string, string> {
  const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Throttling and rate limits'), doc.indexOf('## Data rules'));
  const rows = new Map<string, string>();
  for (const [, row, note, limit] of section.matchAll(/^\| `([^`]+)`([^|]*)\| (\d+ \/ (?:minute|hour)) \|/gm)) {
    const only = note!.includes('China') ? 'cn' : note!.includes('overseas') ? 'us' : region;
    if (only === region) rows.set(row!, limit!);
  }
  return rows;
}

/** Every route a client or a gateway can reach, as the document's table names it. */
function probes(): Probe[] {
  const out: Probe[] = [];
  for (const group of Object.values(calls)) {
    for (const entry of Object.values(group)) {
      if (typeof entry === 'function') {
        for (const type of [...thirdPartiesByRegion.us, ...thirdPartiesByRegion.cn]) {
          const url = (entry as (t: string) => { path: string })(type).path;
          out.push({ method: 'POST', url, row: url.replace(type, '{type}') });
        }
      } else {
        const { path } = entry as { path: string };
        out.push({ method: 'POST', url: path, row: path });
      }
    }
  }
  out.push({ method: 'POST', url: httpPaths.getRsaKey, row: httpPaths.getRsaKey });
  for (const url of httpPaths.avatarUploads) out.push({ method: 'POST', url, row: url });
  out.push({ method: 'GET', url: invoicePdfPath('INV0'), row: `${httpPaths.invoicePdfPrefix}/{invoiceNo}` });
  out.push({ method: 'GET', url: receiptPdfPath('R-US-000000'), row: `${httpPaths.receiptPdfPrefix}/{number}` });
  out.push({ method: 'POST', url: payNotifyPath('sandbox'), row: `${httpPaths.payNotifyPrefix}/{provider}` });
  out.push({ method: 'GET', url: httpPaths.sandboxCheckout, row: httpPaths.sandboxCheckout });
  out.push({ method: 'POST', url: httpPaths.sandboxCheckout, row: httpPaths.sandboxCheckout });
  out.push({ method: 'POST', url: httpPaths.storageUsage, row: httpPaths.storageUsage });
  return out;
}

describe.each(['us', 'cn'] as const)('per-IP limits in region %s', (region) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    // with the storage service's secret, so its report route answers (a bad signature) instead of 0000007
    t = await createTestApp({ region, env: { STORAGE_SERVICE_SECRET: 'x'.repeat(32) } });
  });
  afterAll(() => t.close());

  const send = (p: Probe, remoteAddress: string) =>
    t.app.inject({
      method: p.method,
      url: p.url,
      remoteAddress,
      payload: p.method === 'POST' ? { broken: true } : undefined,
    });

  it('are the numbers of the document, route by route, and answer 0000006 with 429 once spent', async () => {
    const observed = new Map<string, string>();
    const limited: { probe: Probe; max: number; address: string }[] = [];
    for (const probe of probes()) {
      const address = `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
      const res = await send(probe, address);
      if (res.statusCode === 404 && codeOf(res) === Code.notFound) continue; // not in this region
      const max = Number(res.headers['x-ratelimit-limit']);
      if (!max) continue;
      const reset = Number(res.headers['x-ratelimit-reset']);
      const limit = `${max} / ${reset > 60 ? 'hour' : 'minute'}`;
      const seen = observed.get(probe.row);
      expect(seen === undefined || seen === limit, `${probe.row} limited alike for every path it names`).toBe(true);
      observed.set(probe.row, limit);
      if (!limited.some((l) => l.probe.row === probe.row && l.probe.method === probe.method)) {
        limited.push({ probe, max, address });
      }
    }
    // the limited routes are exactly the document's rows for the region, each with its number
    const documented = documentedLimits(region);
    expect(documented.size).toBeGreaterThan(40);
    expect(Object.fromEntries(observed)).toEqual(Object.fromEntries(documented));

    for (const { probe, max, address } of limited) {
      const statuses: number[] = [];
      for (let i = 1; i < max; i++) statuses.push((await send(probe, address)).statusCode);
      expect(
        statuses.filter((s) => s === 429),
        `${probe.method} ${probe.url} refused before ${max}`,
      ).toEqual([]);
      const over = await send(probe, address);
      expect([over.statusCode, codeOf(over)], `${probe.method} ${probe.url} past ${max}`).toEqual([
        429,
        Code.tooManyRequests,
      ]);
      // another address is counted on its own
      expect((await send(probe, address.replace('10.77.', '10.79.'))).statusCode).not.toBe(429);
    }
  });

  it('leave the session-bound reads unlimited per IP', async () => {
    for (const path of [calls.session.userInfo.path, calls.orders.list.path]) {
      const res = await send({ method: 'POST', url: path, row: path }, '10.78.0.1');
      expect(res.headers['x-ratelimit-limit'], path).toBeUndefined();
    }
  });
});
