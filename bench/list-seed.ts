/**
 * Rows for the list-scaling benchmark, made in the database with SQL
 * generate_series: orders, redeem codes and devices up to `total` rows each;
 * the demo user holds the first 10,000 (all of them below that), the rest
 * belong to 1,000 other accounts. Calls grow the tables: 1k, then 100k, ...
 */
export const DEMO_SHARE = 10_000;
const OTHERS = 1_000;

export type Query = (sql: string) => Promise<unknown>;

export async function growLists(query: Query, from: number, to: number) {
  if (to <= from) return;
  const demo = `(select id from users where email = 'demo@example.com')`;
  const owner = (i: string) =>
    `case when ${i} <= ${DEMO_SHARE} then ${demo} else (array(select id from users where name like 'bench-%' order by name))[1 + ${i} % ${OTHERS}] end`;
  if (from === 0) {
    await query(
      `insert into users (name, nick_name, is_activate) select 'bench-' || lpad(i::text, 5, '0'), 'Bench ' || i, true from generate_series(1, ${OTHERS}) i`,
    );
  }
  const range = `generate_series(${from + 1}, ${to}) i`;
  await query(`insert into orders (order_no, user_id, goods_code, service_type, channel, order_type, status, currency, order_amount, pay_amount, created_at, updated_at)
    select 'BN' || lpad(i::text, 16, '0'), ${owner('i')}, 'ML2', 'membership', 'web', 'automatic', (array[0, 1, 2, 3])[1 + i % 4], 'USD', 9900, 9900,
      now() - i * interval '1 minute', now() - i * interval '1 minute'
    from ${range}`);
  await query(`insert into redeem_codes (serial_no, code, goods_code, state, source, duration_days, valid_from, valid_to, owner_user_id, created_at)
    select 'BS' || lpad(i::text, 12, '0'), 'BENCH-' || i, 'ML2', 'unused', 'systemRelease', 365, now() - interval '1 day', now() + interval '365 days',
      ${owner('i')}, now() - i * interval '1 minute'
    from ${range}`);
  await query(`insert into devices (user_id, name, model, mac, uuid, client_version, last_time, status)
    select ${owner('i')}, 'Bench PC ' || i, 'Windows 11', '00:00:00:00:00:00', 'bench-' || i, '1.0', now() - i * interval '1 minute', 'bound'
    from ${range}`);
  // as autovacuum would have by then: statistics and the visibility map (index-only counts)
  await query('vacuum analyze users, orders, redeem_codes, devices');
}
