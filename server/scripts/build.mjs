/**
 * The production build: the server, with the protocol and client packages
 * inlined, bundled by esbuild into dist/ — main.js (the server), migrate.js
 * (`npm run migrate` without tsx) and admin.js (the admin command line).
 * Every other package stays external and loads from node_modules at run
 * time (sharp's native binding, PGlite's wasm, swagger-ui's assets); the
 * build fails when the bundle imports a package the production install
 * would not have (one outside the dependencies of server, protocol, client).
 * Run with plain `node dist/main.js`; migrations are read from ../drizzle.
 * `--outdir=dist-<name>` builds into another folder beside dist (tests
 * running in parallel each build their own).
 */

import { readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';
if (!/^dist(-[\w-]+)?$/.test(outdir)) {
  console.error(`--outdir must be dist or dist-<name> (a folder beside dist, so ../drizzle is found): ${outdir}`);
  process.exit(2);
}
const dist = join(root, outdir);
const dependenciesOf = (dir) =>
  Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
const installed = new Set([
  ...dependenciesOf(root),
  ...dependenciesOf(join(root, '../packages/protocol')),
  ...dependenciesOf(join(root, '../packages/client')),
]);
const builtins = new Set(builtinModules);
/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The workspace packages (`@ac/…`, TypeScript sources) are bundled; every other bare import is external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ac/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = process.hrtime.bigint();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.ts', admin: 'src/admin/cli.ts' },
  outdir: dist,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  // the build runs in production unless NODE_ENV asks for the demo (config.ts, DEFAULT_NODE_ENV)
  define: { __AC_BUILD__: 'true' },
  plugins: [externalPackages],
});

const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external) continue;
    const name = imported.path.replace(/^node:/, '');
    if (builtins.has(name) || builtins.has(packageOf(name))) continue;
    if (!installed.has(packageOf(imported.path))) missing.add(packageOf(imported.path));
  }
}
if (missing.size > 0) {
  console.error(
    `The bundle imports packages that are not production dependencies of server, protocol or client: ${[...missing].join(', ')}`,
  );
  process.exit(1);
}

const bytes = Object.keys(result.metafile.outputs)
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + statSync(join(root, f)).size, 0);
const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
console.log(`server/${outdir}: ${(bytes / 1024).toFixed(0)} KiB of JavaScript in ${ms} ms`);
