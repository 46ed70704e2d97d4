import { applyFixes, fixesFor, isScalar, isSyntaxFinding, rangeOf, type Diagnostic, type Source } from '@orchlint/core';
import { CodeActionKind, type CodeAction, type Range, type TextEdit } from 'vscode-languageserver/node';
import { toLspDiagnostic } from './convert.js';
import { dataPathAt, isJsonPath } from './data-path.js';
import type { ParsedDocument } from './document-trees.js';
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
    // The buffer is the text the lint saw: its tree of this version serves every action.
    const doc = ctx.parsed(path);
    for (const d of unit.diagnostics) {
      if (d.path !== path || !overlaps(d.range, range)) continue;
      const diagnostic = toLspDiagnostic(d, ctx.rules, ctx.uriOf);
      if (d.fix && d.fix.edits.length) {
        const edits = d.fix.edits.map((e) => ({ range: rangeOf(source, e.span), newText: e.newText }));
        actions.push({
          title: d.fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: { changes: { [uri]: edits } },
        });
      }
      const disable = disableComment(source, d, doc);
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
function disableComment(source: Source, d: Diagnostic, doc: ParsedDocument | undefined): TextEdit | undefined {
  const path = source.path;
  if (isJsonPath(path) || d.rule.startsWith('core/')) return undefined;
  const line = d.range.start.line;
  const lineStart = source.offsetAt({ line, character: 0 });
  const indent = /^[ \t]*/.exec(source.lineText(line))![0];
  const eol = source.text.includes('\r\n') ? '\r\n' : '\n';
  const { region, tree } = doc ?? {};
  let comment: string;
  if (tree && region && lineStart >= region.start && lineStart <= region.end) {
    const at = dataPathAt(tree, lineStart);
    if (isScalar(at.node) && at.node.range && at.node.range[0] < lineStart && lineStart < at.node.range[1])
      return undefined;
    comment = `${indent}# orchlint-disable-next-line ${d.rule} -- reason`;
  } else if (extensionOf(path) === '.md') {
    comment = `${indent}<!-- orchlint-disable-next-line ${d.rule} -- reason -->`;
  } else {
    return undefined;
  }
  const at = { line, character: 0 };
  return { range: { start: at, end: at }, newText: comment + eol };
}

/** The kind "Fix all in file" asks for (and `editor.codeActionsOnSave` can name). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.orchlint`;

/**
 * Every fix of the file's findings at once, as the CLI's --fix applies them: none on a file that
 * does not parse, and one whose edits overlap an earlier fix waits (the next run takes it).
 */
export function fixAllAction(ctx: FeatureContext, path: string): CodeAction[] {
  for (const unit of ctx.units.containing(path)) {
    const source = currentSource(ctx, unit, path);
    if (!source) continue;
    const own = unit.diagnostics.filter((d) => d.path === path);
    if (own.some(isSyntaxFinding)) return [];
    const result = applyFixes(source.text, fixesFor(path, own));
    if (!result.applied.length) continue;
    const whole = { start: source.positionAt(0), end: source.positionAt(source.text.length) };
    return [
      {
        title: 'Fix all orchlint findings in this file',
        kind: FIX_ALL_KIND,
        edit: { changes: { [ctx.uriOf(path)]: [{ range: whole, newText: result.text }] } },
      },
    ];
  }
  return [];
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) =>
    x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
