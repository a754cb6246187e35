import { describe, expect, it } from 'vitest';
import { antdOnH5, type ChunkNode } from './h5-without-antd';

const chunk = (fileName: string, over: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  name: fileName.replace(/-\w+\.js$/, ''),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds: [],
  ...over,
});
const graph = (...chunks: ChunkNode[]) => new Map(chunks.map((c) => [c.fileName, c]));
const entry = chunk('index-a.js', {
  isEntry: true,
  imports: ['react-b.js'],
  moduleIds: ['/w/web/src/main.tsx', '/w/node_modules/antd/dist/reset.css'],
});
const shell = chunk('h5-shell-c.js', {
  facadeModuleId: '/w/web/src/app/shells/h5-shell.tsx',
  imports: ['mobile-d.js'],
  moduleIds: ['/w/web/src/app/shells/h5-shell.tsx'],
});
const page = chunk('h5-profile-page-e.js', {
  facadeModuleId: '/w/web/src/features/profile/pages/h5-profile-page.tsx',
  imports: ['mobile-d.js'],
});
const mobile = chunk('mobile-d.js', { moduleIds: ['/w/node_modules/antd-mobile/es/index.js'] });
const react = chunk('react-b.js', { moduleIds: ['/w/node_modules/react/index.js'] });
const antd = chunk('ui-f.js', { moduleIds: ['/w/node_modules/antd/es/button/index.js'] });

describe('the /h5 first view without antd', () => {
  it('passes when the chunks it reaches hold no antd module', () => {
    expect(antdOnH5(graph(entry, shell, page, mobile, react, antd))).toEqual([]);
  });

  it('finds antd behind a static import of a shared chunk', () => {
    const shared = chunk('shared-g.js', { imports: ['ui-f.js'] });
    const leaky = { ...mobile, imports: ['shared-g.js'] };
    expect(antdOnH5(graph(entry, shell, page, leaky, shared, react, antd))).toEqual([
      'ui-f.js: antd/es/button/index.js',
    ]);
  });

  it('finds antd in the entry and in a language chunk', () => {
    const fat = { ...entry, moduleIds: [...entry.moduleIds, '/w/node_modules/antd/es/spin/index.js'] };
    const lang = chunk('lang-de-h.js', { moduleIds: ['/w/node_modules/antd/es/locale/de_DE.js'] });
    expect(antdOnH5(graph(fat, shell, page, mobile, react, lang)).sort()).toEqual([
      'index-a.js: antd/es/spin/index.js',
      'lang-de-h.js: antd/es/locale/de_DE.js',
    ]);
  });

  it('ignores antd behind dynamic imports (a desktop page reused in the shell loads it lazily)', () => {
    const lazyAntd = { ...shell, dynamicImports: ['ui-f.js'] } as ChunkNode;
    expect(antdOnH5(graph(entry, lazyAntd, page, mobile, react, antd))).toEqual([]);
  });

  it('refuses to pass when the shell or its pages are not found', () => {
    expect(() => antdOnH5(graph(entry, page, mobile, react))).toThrow(/cannot run/);
  });
});
