/**
 * The long forms of the concurrency races (docs/reliability.md#concurrency)
 * on PostgreSQL: 1 000 parallel exchanges of one redeem code (the CI form
 * runs 200) through the server-pg suite's own test. Needs
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where test databases
 * may be created; skipped without); prints vitest's result and exits with its status.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('concurrency: skipped, it needs BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…)');
  process.exit(0);
}
const parallel = process.env.RACE_REDEEM_PARALLEL ?? '1000';
const started = performance.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server-pg', 'server/src/modules/redeem/redeem-concurrency.test.ts'],
  {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, TEST_DATABASE_URL: url, RACE_REDEEM_PARALLEL: parallel },
    stdio: 'inherit',
  },
);
console.log(
  `\n${parallel} parallel exchanges of one code: ${run.status === 0 ? 'exactly one success' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`,
);
process.exit(run.status ?? 1);
