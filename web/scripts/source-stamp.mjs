/**
 * Lets `npm start` skip the web build when nothing it is built from has
 * changed: a SHA-256 over the build's inputs (web sources, the protocol and
 * client packages it bundles, the lockfile), with one of the built
 * index.html, is stored in node_modules/.cache/ac-web-build (outside
 * web/dist, which is served). Content, not mtimes, so a checkout or a copy
 * never fools it; a web/dist built by other means does not match.
 *   node scripts/source-stamp.mjs write   after a build (npm run build does it)
 *   node scripts/source-stamp.mjs check   exit 0 when dist matches its sources, 1 when a build is needed
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(web, '..');
const index = join(web, 'dist', 'index.html');
const stamp = join(repo, 'node_modules', '.cache', 'ac-web-build');
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/console.html',
  'web/vite.console.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'packages/protocol/src',
  'packages/protocol/package.json',
  'packages/client/src',
  'packages/client/package.json',
  'package-lock.json',
];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** The sources' hash and the built index.html's, or '' when there is no build. */
function buildHash() {
  if (!existsSync(index)) return '';
  const sources = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(repo, input))) {
      sources.update(relative(repo, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return `${sources.digest('hex')} ${createHash('sha256').update(readFileSync(index)).digest('hex')}`;
}

const mode = process.argv[2];
if (mode === 'write') {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${buildHash()}\n`);
} else if (mode === 'check') {
  const built = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (!built || built !== buildHash()) {
    console.log('web/dist is missing or was built from other sources: building it');
    process.exit(1);
  }
  console.log('web/dist matches its sources: not rebuilt');
} else {
  console.error('usage: source-stamp.mjs write|check');
  process.exit(2);
}
