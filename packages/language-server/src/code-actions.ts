import { isScalar, rangeOf, Tree, type Diagnostic, type Region, type Source } from '@orchlint/core';
import { CodeActionKind, type CodeAction, type Range, type TextEdit } from 'vscode-languageserver/node';
import { toLspDiagnostic } from './convert.js';
import { dataPathAt, isJsonPath, yamlRegion } from './data-path.js';
import { currentSource, type FeatureContext } from './features.js';
import { extensionOf } from './paths.js';

/** For each finding in the range: its fix as a quick fix, and "disable RULE for this line". */
export function codeActions(ctx: FeatureContext, path: string, range: Range): CodeAction[] {
  const actions: CodeAction[] = [];
  const uri = ctx.uriOf(path);
  for (const unit of ctx.units.containing(path)) {
    // Fix offsets refer to the text the lint saw: once the buffer moved on, wait for the next lint.
    const source = currentSource(ctx, unit, path);
    if (!source) continue;
    let tree: Tree | undefined;
    const treeOf = (region: Region) => (tree ??= new Tree(source, region));
    for (const d of unit.diagnostics) {
      if (d.path !== path || !overlaps(d.range, range)) continue;
      const diagnostic = toLspDiagnostic(d, ctx.rules, ctx.uriOf);
      if (d.fix && d.fix.edits.length) {
        const edits = d.fix.edits.map((e) => ({ range: rangeOf(source, e.span), newText: e.newText }));
        actions.push({ title: d.fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: { changes: { [uri]: edits } } });
      }
      const disable = disableComment(source, d, treeOf);
      if (disable) {
        actions.push({
          title: `Disable ${d.rule} for this line`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          edit: { changes: { [uri]: [disable] } },
        });
      }
    }
  }
  return actions;
}

/**
 * `# orchlint-disable-next-line RULE -- reason` above the finding's line, indented like it, in YAML
 * and Markdown front matter (`<!-- … -->` in a Markdown body). JSON has no comments: its findings are
 * ignored through the config file instead, so nothing is offered there. Parse-level findings (core/*) are
 * not suppressible, and neither is a line inside a multi-line string, where a comment would become text.
 */
function disableComment(source: Source, d: Diagnostic, treeOf: (region: Region) => Tree): TextEdit | undefined {
  const path = source.path;
  if (isJsonPath(path) || d.rule.startsWith('core/')) return undefined;
  const line = d.range.start.line;
  const lineStart = source.offsetAt({ line, character: 0 });
  const indent = /^[ \t]*/.exec(source.lineText(line))![0];
  const eol = source.text.includes('\r\n') ? '\r\n' : '\n';
  const region = yamlRegion(path, source.text);
  let comment: string;
  if (region && lineStart >= region.start && lineStart <= region.end) {
    const at = dataPathAt(treeOf(region), lineStart);
    if (isScalar(at.node) && at.node.range && at.node.range[0] < lineStart && lineStart < at.node.range[1]) return undefined;
    comment = `${indent}# orchlint-disable-next-line ${d.rule} -- reason`;
  } else if (extensionOf(path) === '.md') {
    comment = `${indent}<!-- orchlint-disable-next-line ${d.rule} -- reason -->`;
  } else {
    return undefined;
  }
  const at = { line, character: 0 };
  return { range: { start: at, end: at }, newText: comment + eol };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
