import { describe, expect, it } from 'vitest';
import { findPathLiterals } from './call-path-literals.ts';

describe('call path literals', () => {
  it('finds v5 paths in string and template literals', () => {
    // written in pieces, so that this file passes the check it tests
    const v5 = 'v5';
    const source = [
      `const a = '/user/${v5}/sysuser/login';`,
      `const b = \`/order/${v5}/order/\${name}\`;`,
      `fetch(\`\${origin}/global/${v5}/common/getRsaKey\`);`,
    ].join('\n');
    expect(findPathLiterals('x.ts', source).map((p) => [p.line, p.text])).toEqual([
      [1, `/user/${v5}/sysuser/login`],
      [2, `/order/${v5}/order/`],
      [3, `/global/${v5}/common/getRsaKey`],
    ]);
  });

  it('ignores comments and other paths', () => {
    const source = [
      '/** Logs in: `/user/v5/sysuser/login` */',
      "// '/order/v5/order/list'",
      "const other = '/user/v4/old';",
      "const page = '/order/list';",
      'const el = <a href="/products">x</a>;',
    ].join('\n');
    expect(findPathLiterals('x.tsx', source)).toEqual([]);
  });
});
