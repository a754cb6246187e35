/**
 * The admin command line (`node server/dist/admin.js`) on the PostgreSQL
 * database of a journey server (support/servers.ts: `adminEnv`), beside the
 * running server: how a spec makes data only an operator can make (redeem
 * codes, coupons, companies) fresh for itself.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { recordSecrets } from './secrets.ts';
import type { AdminEnv } from './servers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function admin(env: AdminEnv, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node', ['server/dist/admin.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** A new redeemable code of `goods` for `days` days (`codes generate`), made for the calling spec alone. */
export async function freshRedeemCode(env: AdminEnv, goods: string, days = 365): Promise<string> {
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
    // a redeem code is a secret: the log check after the run searches the servers' logs for it
    recordSecrets([{ kind: 'code', value: code }]);
    return code;
  } finally {
    rmSync(out, { force: true });
  }
}

export type FreshCompany = { id: string; name: string };

/**
 * A company of its own for the calling spec (`companies create`, `seats`, `add-admin`): active for
 * a year, `administrator` (an account that exists and is in no company) its admin, with the given
 * seats per goods code. The demo company stays as it is.
 */
export async function freshCompany(
  env: AdminEnv,
  administrator: string,
  seats: Record<string, number>,
): Promise<FreshCompany> {
  const name = `E2E Co ${Date.now().toString(36)}${process.pid % 100}`;
  const end = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await admin(env, ['companies', 'create', '--name', name, '--end', end]);
  const id = created.split('\t')[0];
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`no company id in: ${created}`);
  for (const [goods, total] of Object.entries(seats)) {
    await admin(env, ['companies', 'seats', '--company', id, '--goods', goods, '--total', String(total)]);
  }
  await admin(env, ['companies', 'add-admin', '--company', id, '--user', administrator]);
  return { id, name };
}

/** The admin command line with `input` on its stdin (a password `staff create` reads). */
function adminWithInput(env: AdminEnv, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['server/dist/admin.js', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`admin ${args.join(' ')}: ${err}`)),
    );
    child.stdin.end(`${input}\n`);
  });
}

export type FreshStaff = { email: string; password: string };

/** A staff account of the operator console for the calling spec (`staff create`, the password on stdin). */
export async function freshStaff(env: AdminEnv, role: 'support' | 'finance' | 'sales' | 'admin'): Promise<FreshStaff> {
  const email = `e2e-${role}-${Date.now().toString(36)}${process.pid % 100}@staff.example.com`;
  const password = `Staff-${Date.now().toString(36)}-pw`;
  recordSecrets([{ kind: 'password', value: password }]);
  await adminWithInput(env, ['staff', 'create', '--email', email, '--name', `E2E ${role}`, '--role', role], password);
  return { email, password };
}
