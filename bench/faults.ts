/**
 * The long forms of the fault runs (docs/reliability.md#faults) on the
 * production build (`npm run build` first), each on a PostgreSQL cluster and
 * ports of its own (BENCH_FAULT_PORT, default 25050, and the next two):
 * SIGKILL under load with the mail server down, then PostgreSQL stopped
 * under load, fast and immediate. BENCH_FAULT_WORKERS (20) load loops,
 * BENCH_FAULT_LOAD_MS (10000) of load once under way, BENCH_FAULT_OUTAGE_MS
 * (10000) of outage. Prints each report; exits 1 when an invariant failed.
 */
import { killUnderLoad, postgresRestartUnderLoad } from '../server/test/fault-runs.ts';
import { failed } from '../server/test/fault-scenarios.ts';

const basePort = Number(process.env.BENCH_FAULT_PORT ?? 25050);
const workers = Number(process.env.BENCH_FAULT_WORKERS ?? 20);
const loadMs = Number(process.env.BENCH_FAULT_LOAD_MS ?? 10_000);
const outageMs = Number(process.env.BENCH_FAULT_OUTAGE_MS ?? 10_000);
const log = (line: string) => console.log(`  ${line}`);
let broken = 0;

function report(name: string, r: { checks: Record<string, string[]> } & Record<string, unknown>) {
  const bad = failed(r.checks);
  if (Object.keys(bad).length) broken += 1;
  const { checks: _checks, ...figures } = r;
  console.log(`\n== ${name}`);
  for (const [k, v] of Object.entries(figures))
    console.log(`  ${k}: ${typeof v === 'number' ? Math.round(v) : JSON.stringify(v)}`);
  console.log(
    `  checks: ${Object.keys(bad).length ? JSON.stringify(bad) : `all ${Object.keys(r.checks).length} hold`}`,
  );
}

console.log(
  `faults: ${workers} loops, ${loadMs} ms of load, ${outageMs} ms outages, ports ${basePort}-${basePort + 2}`,
);
report('SIGKILL under load, mail server down until the restart', {
  ...(await killUnderLoad({ basePort, entry: 'dist', workers, loadMs, log })),
});
for (const mode of ['fast', 'immediate'] as const) {
  report(`PostgreSQL ${mode} stop under load`, {
    ...(await postgresRestartUnderLoad({ basePort, entry: 'dist', workers, loadMs, outageMs, mode, log })),
  });
}
if (broken) {
  console.error(`\n${broken} run(s) broke an invariant`);
  process.exit(1);
}
