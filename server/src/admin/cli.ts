/**
 * The admin command line: `npm run admin -- <command>` (USAGE in
 * registry.ts). Opens the server's database like main.ts and calls the same
 * services the API uses. Exit codes: 0 done, 1 refused or failed, 2 usage
 * or configuration error.
 */
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config.ts';
import { AppError } from '../lib/app-error.ts';
import { openAdmin } from './admin-context.ts';
import { findCommand, run, USAGE } from './registry.ts';

const OPTIONS = {
  goods: { type: 'string' },
  amount: { type: 'string' },
  currency: { type: 'string' },
  count: { type: 'string' },
  days: { type: 'string' },
  source: { type: 'string' },
  kind: { type: 'string' },
  'valid-days': { type: 'string' },
  owner: { type: 'string' },
  out: { type: 'string' },
  user: { type: 'string' },
  page: { type: 'string' },
  limit: { type: 'string' },
  'older-than': { type: 'string' },
  name: { type: 'string' },
  end: { type: 'string' },
  status: { type: 'string' },
  company: { type: 'string' },
  total: { type: 'string' },
  code: { type: 'string' },
  percent: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  'per-user': { type: 'string' },
  audience: { type: 'string' },
  usd: { type: 'string' },
  cny: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  buyers: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help || !findCommand(parsed.positionals)) {
    (parsed.values.help ? console.log : console.error)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let admin: Awaited<ReturnType<typeof openAdmin>>;
  try {
    admin = await openAdmin();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    return 2;
  }
  try {
    console.log(await run(admin.ctx, { positionals: parsed.positionals, values: parsed.values }));
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(`${e.code} ${e.message}`);
    return 1;
  } finally {
    await admin.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
