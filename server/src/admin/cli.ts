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
import { printableOutput } from './output.ts';
import { findCommand, run, USAGE } from './registry.ts';

/** The options every command may take: all strings but --help. */
const STRING_OPTIONS = `
goods amount currency count days source kind valid-days owner out user page limit
older-than name end status company total code percent from to per-user audience usd cny
min max buyers email role at`
  .split(/\s+/)
  .filter(Boolean);

const OPTIONS = {
  ...(Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' }])) as Record<
    string,
    { type: 'string' }
  >),
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
    console.log(printableOutput(await run(admin.ctx, { positionals: parsed.positionals, values: parsed.values })));
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(printableOutput(`${e.code} ${e.message}`));
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
