/**
 * A checksum of every row of every table of the public schema (new tables
 * included without listing them), to show that a refused call changed no
 * row. Leaves out only what a refused call writes on purpose, each for the
 * reason given (docs/reliability.md#fuzzing).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * Tables a refusal writes by design: the record of the refusal itself.
 * Everything else must be untouched by a refused call.
 */
export const REFUSAL_WRITES_TABLES: Record<string, string> = {
  audit_log: 'failed logins, wrong codes and other refusals are audit events (docs/protocol.md#security-rules)',
  auth_throttle:
    'a failed login is counted before the password is checked (docs/protocol.md#throttling-and-rate-limits)',
  second_factor_throttle:
    'a second-factor code is counted before it is checked, as a login (docs/protocol.md#two-factor)',
  redeem_failures: 'failed redeem attempts are counted to lock redeeming (docs/protocol.md#throttling-and-rate-limits)',
  signed_requests:
    'a signed request id is remembered once its signature holds, whatever the payload (replay protection)',
};

/** Columns a refusal writes by design, `table.column`. */
export const REFUSAL_WRITES_COLUMNS: Record<string, string> = {
  'verification_codes.attempts':
    'a wrong code is counted even when the step that used it fails (docs/protocol.md#verification-codes)',
  'sessions.last_seen_at': 'resolving a session slides its expiry, at most once a minute (docs/protocol.md#sessions)',
  'sessions.expires_at': 'written with last_seen_at: the sliding expiry',
};

export type Snapshot = Map<string, string>;
type Rows<T> = { rows: T[] };

export function createSnapshotter(db: Db) {
  let query: string | undefined;

  /** One statement over every table: `select 'name', md5(string_agg(row::text …))` union all … */
  async function build(): Promise<string> {
    const cols = (await db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`,
    )) as unknown as Rows<{ table_name: string; column_name: string }>;
    const byTable = new Map<string, string[]>();
    for (const { table_name: t, column_name: c } of cols.rows) {
      if (t in REFUSAL_WRITES_TABLES || t.includes('drizzle')) continue;
      if (`${t}.${c}` in REFUSAL_WRITES_COLUMNS) continue;
      byTable.set(t, [...(byTable.get(t) ?? []), c]);
    }
    const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
    return [...byTable]
      .map(([t, columns]) => {
        const list = columns.map(q).join(', ');
        return `select '${t}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from (select ${list} from ${q(t)}) r`;
      })
      .join(' union all ');
  }

  let last: { xmax: string; snapshot: Snapshot } | undefined;
  /**
   * The first transaction id not yet assigned: every write takes one, so
   * while it stays the same no row can have changed and the checksums of
   * the last snapshot still hold (reads take none).
   */
  async function xmax(): Promise<string> {
    const res = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as Rows<{
      x: string;
    }>;
    return res.rows[0]!.x;
  }

  return {
    async take(): Promise<Snapshot> {
      const x = await xmax();
      if (last?.xmax === x) return last.snapshot;
      query ??= await build();
      const res = (await db.execute(sql.raw(query))) as unknown as Rows<{ t: string; h: string }>;
      const snapshot: Snapshot = new Map(res.rows.map((r) => [r.t, r.h]));
      last = { xmax: x, snapshot };
      return snapshot;
    },
  };
}

/** Names of the tables whose checksum differs. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}
