/** Bundle size of the built web app (npm run build first): raw and gzip per asset and in total (all chunks, not what one page loads: see web-size.ts). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = new URL('../web/dist/assets', import.meta.url).pathname;
const rows = readdirSync(dir)
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const buf = readFileSync(join(dir, f));
    return { f, raw: statSync(join(dir, f)).size, gz: gzipSync(buf).length };
  })
  .sort((a, b) => b.gz - a.gz);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const r of rows.slice(0, 12))
  console.log(`bundle-size: ${r.f.padEnd(48)} ${kb(r.raw).padStart(11)} ${kb(r.gz).padStart(10)} gz`);
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gz: a.gz + r.gz }), { raw: 0, gz: 0 });
console.log(`bundle-size: ${rows.length} files, total ${kb(total.raw)} (${kb(total.gz)} gzip)`);
