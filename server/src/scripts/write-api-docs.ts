/**
 * Writes docs/api.md from the OpenAPI document the server serves at /docs,
 * so the two never disagree. Run: npm run docs:api
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '@ac/protocol/codes';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app/build-app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';

type Operation = { summary?: string; description?: string; tags?: string[] };

const out = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
const lines: string[] = [
  '# API reference (v5)',
  '',
  'Generated from the running server (`npm run docs:api`); the same document is served as OpenAPI at `/docs`.',
  'Every call is `POST <path>?utoken=<token>` with the envelope of docs/protocol.md#envelope; the schemas below are those of the',
  'decrypted payload (`data`) and answer (`bizData`).',
  '',
];

for (const region of ['us', 'cn'] as const) {
  const database = await openDatabase({
    kind: 'pglite',
    client: await PGlite.create({ extensions: PGLITE_EXTENSIONS }),
  });
  await database.migrate();
  const app = await buildApp(loadConfig({ REGION: region, LOG_LEVEL: 'silent' }), { database, logger: false });
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  if (region === 'us') {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.post;
      if (!op) continue;
      lines.push(
        `## \`${path}\``,
        '',
        `**${op.summary ?? ''}** (${op.tags?.join(', ') ?? ''})`,
        '',
        op.description ?? '',
        '',
      );
    }
  } else {
    lines.push('## China-only calls', '');
    const usPaths = new Set(lines.filter((l) => l.startsWith('## `')).map((l) => l.slice(4, -1)));
    const only = Object.keys(doc.paths).filter((p) => !usPaths.has(p) && doc.paths[p]?.post);
    lines.push(only.length ? only.map((p) => `- \`${p}\``).join('\n') : 'None yet.', '');
  }
  await app.close();
  await database.close();
}

lines.push('## Error catalogue', '', '| code | HTTP | message |', '|---|---|---|');
for (const [code, entry] of Object.entries(catalogue)) lines.push(`| ${code} | ${entry.status} | ${entry.message} |`);
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${out}`);
