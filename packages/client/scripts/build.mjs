/**
 * Builds the publishable package into dist/: one ES module bundle (the
 * protocol package and its dependencies inlined, so it runs with nothing
 * installed) and type declarations (the protocol's included), plus a
 * package.json for the tarball. `npm pack ./dist` makes the tarball.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'none',
  minify: true,
});

// Declarations of the client and of the protocol files it reaches.
const types = join(dist, 'types');
execFileSync(
  process.execPath,
  [join(root, '../../node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', types],
  { stdio: 'inherit' },
);

// Point `@ac/protocol/x` at the emitted protocol declarations and `.ts` specifiers at `.js`.
function rewrite(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      rewrite(file);
      continue;
    }
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8')
      .replace(/(['"])@ac\/protocol\/([\w-]+)\1/g, (_m, q, mod) => {
        let rel = relative(dirname(file), join(types, 'protocol/src', mod));
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return `${q}${rel}.js${q}`;
      })
      .replace(/(['"])(\.{1,2}\/[^'"]+)\.ts\1/g, '$1$2.js$1');
    writeFileSync(file, text);
  }
}
rewrite(types);
writeFileSync(join(dist, 'index.d.ts'), "export * from './types/client/src/index.js';\n");

const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const zodVersion = JSON.parse(readFileSync(join(root, '../protocol/package.json'), 'utf8')).dependencies.zod;
mkdirSync(dist, { recursive: true });
writeFileSync(
  join(dist, 'package.json'),
  `${JSON.stringify(
    {
      name: own.name,
      version: own.version,
      description: own.description,
      type: 'module',
      license: own.license,
      engines: own.engines,
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
      // the bundle runs without it; the declarations name zod's types
      peerDependencies: { zod: zodVersion },
      peerDependenciesMeta: { zod: { optional: true } },
    },
    null,
    2,
  )}\n`,
);
cpSync(join(root, 'README.md'), join(dist, 'README.md'));
console.log(`built ${relative(process.cwd(), dist)}`);
