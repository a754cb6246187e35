/**
 * Migration 0009_normalize-mobiles (docs/decisions/0016-sms-providers.md): a database migrated up
 * to it, holding mobiles in the old 11-digit spelling, ends up with them in E.164 — users,
 * verification codes and this node's directory keys of those users — except where a live account
 * already holds the E.164 form. Entries naming another node are left to the lookups
 * (modules/nodes/node-directory.ts `legacyAccountKey`).
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSteps } from '../../test/migration-steps.ts';

const TAG = '0009_normalize-mobiles';
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const steps = migrationSteps(TAG);
const { at } = steps;

let db: PGlite;
const run = (index: number) => steps.run(db, index);
const users = async () =>
  (
    await db.query<{ name: string; mobile: string | null; deleted: boolean }>(
      'select name, mobile, deleted_at is not null as deleted from users order by name',
    )
  ).rows;

beforeAll(async () => {
  db = await PGlite.create();
  for (let i = 0; i < at; i++) await run(i);
  // what a node held before: mainland numbers as 11 digits, some already in E.164
  await db.exec(`
    insert into users (name, nick_name, mobile, deleted_at) values
      ('a-mainland', 'a', '13800000000', null),
      ('b-taken-old', 'b', '13911112222', null),
      ('c-taken-new', 'c', '+8613911112222', null),
      ('d-deleted-new', 'd', '+8613722223333', now()),
      ('e-old-with-deleted-twin', 'e', '13722223333', null),
      ('f-overseas', 'f', '+12015550123', null),
      ('g-email-only', 'g', null, null),
      ('h-not-mainland', 'h', '2345678901', null);
    insert into verification_codes (purpose, target, code_hash, expires_at) values
      ('login', '13800000000', 'x', now()),
      ('login', '+8613600000000', 'x', now()),
      ('login', 'ada@example.com', 'x', now());
    insert into account_directory (account_key, node_code) values
      ('${sha('13800000000')}', 'cn'),
      ('${sha('13911112222')}', 'cn'),
      ('${sha('13500000000')}', 'north');
  `);
  await run(at);
});
afterAll(async () => {
  await db?.close();
});

describe(`migration ${TAG}`, () => {
  it('is in the journal', () => {
    expect(at).toBeGreaterThan(0);
  });

  it('turns 11-digit mainland numbers of users into E.164 unless a live account holds that form', async () => {
    expect(await users()).toEqual([
      { name: 'a-mainland', mobile: '+8613800000000', deleted: false },
      { name: 'b-taken-old', mobile: '13911112222', deleted: false },
      { name: 'c-taken-new', mobile: '+8613911112222', deleted: false },
      { name: 'd-deleted-new', mobile: '+8613722223333', deleted: true },
      { name: 'e-old-with-deleted-twin', mobile: '+8613722223333', deleted: false },
      { name: 'f-overseas', mobile: '+12015550123', deleted: false },
      { name: 'g-email-only', mobile: null, deleted: false },
      { name: 'h-not-mainland', mobile: '2345678901', deleted: false },
    ]);
  });

  it('turns the targets of verification codes into E.164', async () => {
    const { rows } = await db.query<{ target: string }>('select target from verification_codes order by target');
    expect(rows.map((r) => r.target)).toEqual(['+8613600000000', '+8613800000000', 'ada@example.com']);
  });

  it("re-keys this node's directory entries of the users it changed; others keep their key", async () => {
    const { rows } = await db.query<{ account_key: string; node_code: string }>(
      'select account_key, node_code from account_directory',
    );
    const entry = (r: { account_key: string; node_code: string }) => `${r.node_code} ${r.account_key}`;
    expect(rows.map(entry).sort()).toEqual(
      [
        { account_key: sha('+8613800000000'), node_code: 'cn' },
        // its user kept the old spelling (a live account holds the E.164 one), yet the entry moved:
        // harmless, both name this node, whose live account answers before the directory
        { account_key: sha('+8613911112222'), node_code: 'cn' },
        // another node's account: found through its old key by the lookups
        { account_key: sha('13500000000'), node_code: 'north' },
      ]
        .map(entry)
        .sort(),
    );
  });
});
