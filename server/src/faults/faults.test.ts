/**
 * The short forms of the fault runs (docs/reliability.md#faults; the long
 * forms are `npm run bench:faults -w bench`), each on a PostgreSQL cluster
 * of its own (ports 25000-25002 and 25010-25012) with the real server as a
 * child process run from its sources (this run comes before the build):
 * - SIGKILL during a load of redemptions, orders with paid notifications
 *   and mailed codes while the mail server is down; restart with the mail
 *   server up: nothing granted twice, nothing half-written, every
 *   acknowledged notification and redemption kept, every accepted mail
 *   delivered;
 * - PostgreSQL stopped (immediate: crash recovery at start) under load: the
 *   calls meanwhile answer 0000014 (503), none hangs, none answers 0000001,
 *   /readyz says not ready; afterwards the same process serves again, its
 *   job queue included, and the data is whole.
 * In the server-pg project only: the runs bring their own PostgreSQL.
 */
import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import { killUnderLoad, postgresRestartUnderLoad } from '../../test/fault-runs.ts';
import { failed } from '../../test/fault-scenarios.ts';
import { onPostgres } from '../../test/test-db.ts';

describe.runIf(onPostgres)('faults', () => {
  it('SIGKILL under load: restart, nothing double or half-written, every acknowledged write kept, every mail delivered', async () => {
    // attempts the kill cut short are retried after 3 s, not the production minute (DELIVERY_EXPIRE_SECONDS)
    const report = await killUnderLoad({ basePort: 25000, entry: 'src', workers: 8, loadMs: 1500, shortExpiry: true });
    const { redeemed, paid, mailed } = report.acknowledged;
    // the load got through before the kill (the run waits for that), and the kill cut some of it
    expect(Math.min(redeemed, paid, mailed)).toBeGreaterThanOrEqual(2);
    expect(report.noAnswer).toBeGreaterThan(0);
    expect(failed(report.checks)).toEqual({});
    expect(report.undelivered).toEqual([]);
  }, 240_000);

  it('PostgreSQL restarted under load: 0000014 meanwhile, not ready, then serving again without a restart', async () => {
    const report = await postgresRestartUnderLoad({
      basePort: 25010,
      entry: 'src',
      workers: 8,
      loadMs: 1000,
      outageMs: 3000,
      mode: 'immediate',
    });
    const outage = report.duringOutage.split(', ').map((entry) => entry.split('×')[0]);
    expect(outage).toContain(Code.serviceUnavailable);
    // 0000000, an accepted notification and 2000021 (each code goes to two loops: the second finds
    // it used): answered as PostgreSQL stopped; a gateway notification meanwhile is refused with 503
    // (the gateway sends it again)
    const fine: (string | undefined)[] = [
      Code.serviceUnavailable,
      Code.ok,
      Code.redeemCodeUsed,
      'notification success',
      'notification 503',
    ];
    expect(outage.filter((code) => !fine.includes(code))).toEqual([]);
    expect(report.hung).toBe(0);
    expect(report.answers).not.toContain(Code.requestFailed);
    expect(report.readyzDownDuringOutage).toBe(true);
    expect(report.servingAfterMs).toBeGreaterThanOrEqual(0);
    expect(report.mailAfterMs).toBeGreaterThanOrEqual(0);
    expect(failed(report.checks)).toEqual({});
  }, 240_000);
});
