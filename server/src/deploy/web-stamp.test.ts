/**
 * web/scripts/source-stamp.mjs, which lets `npm start` skip the web build,
 * run on a small copy of the repository layout: a build matches its sources
 * until a source's content changes (not its mtime) or web/dist is replaced.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = new URL('../../../web/scripts/source-stamp.mjs', import.meta.url).pathname;
const repo = mkdtempSync(join(tmpdir(), 'ac-stamp-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function put(path: string, text: string) {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}
const stamp = (mode: 'write' | 'check') =>
  spawnSync(process.execPath, [join(repo, 'web/scripts/source-stamp.mjs'), mode], { encoding: 'utf8' }).status;

describe('web build stamp', () => {
  it('asks for a build only when the sources or the build changed', () => {
    cpSync(script, join(repo, 'web/scripts/source-stamp.mjs'));
    put('web/src/main.tsx', 'export const a = 1;\n');
    put('packages/protocol/src/codes.ts', 'export const ok = "0000000";\n');
    put('package-lock.json', '{}\n');
    expect(stamp('check')).toBe(1); // never built

    put('web/dist/index.html', '<html>1</html>');
    expect(stamp('check')).toBe(1); // built, but not through the build script
    expect(stamp('write')).toBe(0);
    expect(stamp('check')).toBe(0);

    utimesSync(join(repo, 'web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(stamp('check')).toBe(0); // a newer mtime with the same content

    put('packages/protocol/src/codes.ts', 'export const ok = "0000001";\n');
    expect(stamp('check')).toBe(1); // a package the web bundles changed
    put('web/dist/index.html', '<html>2</html>');
    expect(stamp('write')).toBe(0);
    expect(stamp('check')).toBe(0);

    put('web/dist/index.html', '<html>other</html>');
    expect(stamp('check')).toBe(1); // web/dist replaced
    rmSync(join(repo, 'web/dist'), { recursive: true });
    expect(stamp('check')).toBe(1); // web/dist removed
  });
});
