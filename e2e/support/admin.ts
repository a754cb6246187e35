/**
 * The admin command line (`node server/dist/admin.js`) on the database of a
 * PostgreSQL e2e server (support/servers.ts: `usPg`, `cnPg`), beside the
 * running server: how a spec makes data only an operator can make (redeem
 * codes, coupons) fresh for itself.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function admin(env: Record<string, string>, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node', ['server/dist/admin.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** A new redeemable code of `goods` for `days` days (`codes generate`), made for the calling spec alone. */
export async function freshRedeemCode(env: Record<string, string>, goods: string, days = 365): Promise<string> {
  const out = join(tmpdir(), `ac-e2e-codes-${process.pid}-${Date.now()}.csv`);
  try {
    await admin(env, [
      'codes',
      'generate',
      '--goods',
      goods,
      '--count',
      '1',
      '--days',
      String(days),
      '--source',
      'activityAward',
      '--out',
      out,
    ]);
    const code = readFileSync(out, 'utf8').trim().split('\n')[1]?.split(',')[1];
    if (!code) throw new Error(`no code in ${out}`);
    return code;
  } finally {
    rmSync(out, { force: true });
  }
}
