/**
 * Finds v5 call paths written as string literals outside the contract
 * (docs/architecture.md#how-to-add-a-call): every path lives once in
 * packages/protocol/src/calls/ or http-paths.ts and is used through them.
 * Only string and template literals count, not comments.
 */
import ts from 'typescript';

/** A literal that starts like a v5 path: `/user/v5/…`, `/order/v5/…`, `/global/v5/…`, … */
const V5_PATH = /^\/[A-Za-z]+\/v5\//;

/** Where paths may be written: the contract itself. */
export const CONTRACT_FILES = [/^packages\/protocol\/src\/calls\//, /^packages\/protocol\/src\/http-paths\.ts$/];

export type PathLiteral = { file: string; line: number; text: string };

export function findPathLiterals(file: string, source: string): PathLiteral[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: PathLiteral[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (V5_PATH.test(node.text)) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        found.push({ file, line: line + 1, text: node.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
