/**
 * Build check (docs/performance.md): the first view of the /h5 shell loads no antd. After the
 * chunks are made, the chunks the browser loads for /h5 — the entry, the /h5 shell, its own
 * pages (h5-*-page) and the language chunks, with every chunk they import statically — must hold
 * no module of the antd package; otherwise the build fails naming the chunk and the module. The
 * desktop pages the shell reuses load antd on their own (route handle `antd`), lazily.
 */
import type { Plugin } from 'vite';

export type ChunkNode = {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  moduleIds: readonly string[];
};

/** What the /h5 first view starts from: the shell's and its own pages' modules. */
export const H5_ROOTS = [/web[\\/]src[\\/]app[\\/]shells[\\/]h5-shell\.tsx$/, /[\\/]pages[\\/]h5-[\w-]+-page\.tsx$/];
/** The modules that must not be reached: antd's, except its plain CSS reset (main.tsx, every page's base styles). */
export const FORBIDDEN = /node_modules[\\/]antd[\\/](?!dist[\\/]reset\.css$)/;

/** Every chunk reachable from `roots` through static imports, roots included. */
export function staticClosure(chunks: ReadonlyMap<string, ChunkNode>, roots: readonly string[]): ChunkNode[] {
  const seen = new Set<string>();
  const stack = [...roots];
  const out: ChunkNode[] = [];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (!chunk) continue;
    out.push(chunk);
    stack.push(...chunk.imports);
  }
  return out;
}

/** The chunks the /h5 first view starts from; throws when the shell or a page of its own is missing. */
export function h5RootChunks(chunks: ReadonlyMap<string, ChunkNode>): string[] {
  const roots = [...chunks.values()].filter(
    (c) => c.isEntry || c.name.startsWith('lang-') || H5_ROOTS.some((re) => re.test(c.facadeModuleId ?? '')),
  );
  for (const re of H5_ROOTS) {
    if (!roots.some((c) => re.test(c.facadeModuleId ?? '')))
      throw new Error(`no chunk for ${re}: the check cannot run`);
  }
  return roots.map((c) => c.fileName);
}

/** `chunk: module` for every forbidden module the /h5 first view would load. */
export function antdOnH5(chunks: ReadonlyMap<string, ChunkNode>): string[] {
  return staticClosure(chunks, h5RootChunks(chunks)).flatMap((c) =>
    c.moduleIds
      .filter((id) => FORBIDDEN.test(id))
      .map((id) => `${c.fileName}: ${id.replace(/^.*node_modules[\\/]/, '')}`),
  );
}

export function h5WithoutAntd(): Plugin {
  return {
    name: 'h5-without-antd',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkNode>();
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const { fileName, name, isEntry, facadeModuleId, imports, moduleIds } = out;
        chunks.set(fileName, { fileName, name, isEntry, facadeModuleId, imports, moduleIds });
      }
      const found = antdOnH5(chunks);
      if (found.length) {
        this.error(
          `the /h5 first view would load antd (${found.length} modules), e.g.\n  ${found.slice(0, 10).join('\n  ')}`,
        );
      }
    },
  };
}
