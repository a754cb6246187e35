/**
 * Migration 0020_marketing_consent (docs/product.md#privacy): the consent to marketing mail moves
 * from the registration record to the account, with the registration's time as the time it was
 * given; accounts registered by mobile in China (never asked) have none and no time.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSteps } from '../../test/migration-steps.ts';

const TAG = '0020_marketing_consent';
const steps = migrationSteps(TAG);
const { at } = steps;

let db: PGlite;
const run = (index: number) => steps.run(db, index);

beforeAll(async () => {
  db = await PGlite.create();
  for (let i = 0; i < at; i++) await run(i);
  await db.exec(`
    insert into users (id, name, nick_name, email, mobile) values
      ('00000000-0000-4000-8000-000000000001', 'a-yes', 'a', 'a@example.com', null),
      ('00000000-0000-4000-8000-000000000002', 'b-no', 'b', 'b@example.com', null),
      ('00000000-0000-4000-8000-000000000003', 'c-china-mobile', 'c', null, '+8613800000000');
    insert into registrations (user_id, country, subscribe, created_at) values
      ('00000000-0000-4000-8000-000000000001', 'GB', true, '2026-01-02T03:04:05Z'),
      ('00000000-0000-4000-8000-000000000002', 'US', false, '2026-02-03T04:05:06Z'),
      ('00000000-0000-4000-8000-000000000003', null, false, '2026-03-04T05:06:07Z');
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

  it("moves each registration's consent to its account, dated by the registration", async () => {
    const { rows } = await db.query<{ name: string; consent: boolean; at: string | null }>(
      `select name, marketing_consent as consent, to_char(marketing_consent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at
       from users order by name`,
    );
    expect(rows).toEqual([
      { name: 'a-yes', consent: true, at: '2026-01-02T03:04:05' },
      { name: 'b-no', consent: false, at: '2026-02-03T04:05:06' },
      { name: 'c-china-mobile', consent: false, at: null },
    ]);
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'registrations'",
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('subscribe');
  });
});
