import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseShell, type ShellScript, type Span } from '@orchlint/core';
import { hasShared, repoRoot, sharedDir } from '../support/paths.js';

// parseShell reads mvdan's syntax tree as GopherJS holds it, not through the wrappers of its
// JavaScript API. The reference here sums a body up through that API alone (syntax.Walk, NodeType,
// the wrapped fields), as parseShell did before, and every body must come out the same.
const mvdan = createRequire(path.join(repoRoot, 'packages/core/package.json'))('mvdan-sh') as { syntax: any };

const { syntax } = mvdan;
const parser = syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash));
const ops = (src: string, type: string) => {
  const found: number[] = [];
  syntax.Walk(parser.Parse(src, ''), (n: any) => {
    if (n && syntax.NodeType(n) === type) found.push(n.Op);
    return true;
  });
  return found;
};
const pipeOps = ops('a | b\na |& b', 'BinaryCmd');
const arithmetic = new Set(
  ops('[[ a -eq b ]]\n[[ a -ge b ]]\n[[ a -lt b ]]\n[[ a -le b ]]\n[[ a -gt b ]]\n[[ a -ne b ]]', 'BinaryTest'),
);

function reference(text: string): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const toIndex = (b: number) => bytes.subarray(0, b).toString('utf8').length;
  const span = (n: any): Span => ({ start: toIndex(n.Pos().Offset()), end: toIndex(n.End().Offset()) });
  let file: any;
  try {
    file = parser.Parse(text, '');
  } catch {
    return { error: true };
  }
  const regions: Array<{ kind: string; span: Span }> = [];
  const params: unknown[] = [];
  const commands: Array<{ span: Span; words: unknown[]; name?: string }> = [];
  const pipes: Array<{ left: Span; right: Span }> = [];
  const literal = (word: any): string | undefined => {
    let out = '';
    for (const part of word.Parts) {
      const t = syntax.NodeType(part);
      if (t === 'Lit') out += String(part.Value).replace(/\\(.)/gs, '$1');
      else if (t === 'SglQuoted' && !part.Dollar) out += String(part.Value);
      else if (t === 'DblQuoted') {
        for (const inner of part.Parts) {
          if (syntax.NodeType(inner) !== 'Lit') return undefined;
          out += String(inner.Value).replace(/\\([$`"\\])/g, '$1');
        }
      } else return undefined;
    }
    return out;
  };
  syntax.Walk(file, (node: any) => {
    if (!node) return true;
    const t = syntax.NodeType(node);
    if (t === 'SglQuoted') regions.push({ kind: node.Dollar ? 'ansi-c' : 'single', span: span(node) });
    else if (t === 'DblQuoted') regions.push({ kind: 'double', span: span(node) });
    else if (t === 'CmdSubst')
      regions.push({ kind: node.Backquotes ? 'backquote' : 'command-substitution', span: span(node) });
    else if (t === 'ProcSubst') regions.push({ kind: 'process-substitution', span: span(node) });
    else if (t === 'ArithmExp' || t === 'ArithmCmd' || t === 'LetClause')
      regions.push({ kind: 'arithmetic', span: span(node) });
    else if (t === 'Comment') regions.push({ kind: 'comment', span: span(node) });
    else if (t === 'BinaryTest' && arithmetic.has(node.Op)) {
      regions.push({ kind: 'arithmetic', span: span(node.X) });
      regions.push({ kind: 'arithmetic', span: span(node.Y) });
    } else if (t === 'BinaryCmd' && pipeOps.includes(node.Op)) pipes.push({ left: span(node.X), right: span(node.Y) });
    else if (t === 'Redirect' && node.Hdoc) {
      const quoted = (node.Word?.Parts ?? []).some((p: any) => {
        const pt = syntax.NodeType(p);
        return pt === 'SglQuoted' || pt === 'DblQuoted' || (pt === 'Lit' && String(p.Value).includes('\\'));
      });
      regions.push({ kind: quoted ? 'quoted-heredoc' : 'heredoc', span: span(node.Hdoc) });
    } else if (t === 'ParamExp' && node.Param)
      params.push({ name: String(node.Param.Value), span: span(node), braced: !node.Short });
    else if (t === 'CallExpr') {
      const words = (node.Args as any[]).map((w, index) => ({ span: span(w), literal: literal(w), index }));
      if (words.length)
        commands.push({ span: { start: words[0]!.span.start, end: span(node).end }, words, name: words[0]!.literal });
    }
    return true;
  });
  regions.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  // Each pipe's left side feeds the first command of its right side, innermost pipes first.
  const within = (a: Span, b: Span) => a.start >= b.start && a.end <= b.end;
  const size = (p: { left: Span; right: Span }) => p.left.end - p.left.start + p.right.end - p.right.start;
  const into: Array<number | undefined> = commands.map(() => undefined);
  for (const p of pipes.sort((a, b) => size(a) - size(b))) {
    const target = commands.findIndex((c) => within(c.span, p.right));
    if (target < 0) continue;
    commands.forEach((c, i) => {
      if (into[i] === undefined && within(c.span, p.left)) into[i] = target;
    });
  }
  return { commands: commands.map((c, i) => ({ ...c, into: into[i] })), params, regions };
}

/** parseShell's summary in the reference's shape. */
function summary(s: ShellScript): unknown {
  if (s.error) return { error: true };
  return {
    commands: s.commands.map((c) => ({
      span: c.span,
      words: c.words.map((w) => ({ span: w.span, literal: w.literal, index: w.index })),
      name: c.name,
      into: c.pipedInto ? s.commands.indexOf(c.pipedInto) : undefined,
    })),
    params: s.params,
    regions: s.regions,
  };
}

function compare(text: string): void {
  expect(summary(parseShell(text)), text).toEqual(reference(text));
}

/** Every bash: and script: body of the YAML files under a folder. */
function bodies(dir: string, out: Set<string>): Set<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) bodies(full, out);
    else if (/\.ya?ml$/.test(e.name)) {
      let doc: any;
      try {
        doc = parse(readFileSync(full, 'utf8'));
      } catch {
        continue;
      }
      for (const node of Array.isArray(doc?.nodes) ? doc.nodes : [])
        for (const key of ['bash', 'script']) if (typeof node?.[key] === 'string') out.add(node[key]);
    }
  }
  return out;
}

describe("parseShell reads mvdan's tree as its own API does", () => {
  it('on every shell body of the fixtures and the corpus', () => {
    const found = bodies(path.join(repoRoot, 'fixtures'), new Set());
    if (hasShared) bodies(path.join(sharedDir, 'corpus'), found);
    expect(found.size).toBeGreaterThan(50);
    for (const text of found) compare(text);
  });

  it('on hand-made corners: every region kind, expansions of every form, non-ASCII text, syntax errors', () => {
    for (const text of [
      'echo "é $b" # ü\n',
      "cat <<'EOF'\n$x\nEOF\ncat <<EOF\n$(id)\nEOF\ncat <<\\END\nx\nEND\n",
      'a=(1 2 3); echo "${a[@]}" ${#a} ${x:-y} ${x/a/b} ${x:1:2} ${!p} $((1 + $n)) ((i++)); let j=i+1',
      'if [[ $a -gt 3 && -n "$b" ]]; then f() { echo `date`; }; f | tee >(wc -l) <(ls); fi',
      "case $x in a|b) echo $'\\t';; *) :;; esac; for i in 1 2; do echo $i; done # trailing",
      'while read -r l; do printf "%s\\n" "$l" |& grep -q ok; done < file; coproc cat; time sleep 1',
      'echo "unclosed',
      '$( ( ( (',
      'x="日本語 $y"; echo "${x}" \'ünï\' "$(echo "nested $(echo deep)")"',
    ])
      compare(text);
  });

  it('on generated bodies', () => {
    const piece = fc.constantFrom(
      'echo $a',
      'cd "$dir" || exit 1',
      "x='lit'",
      'y=$(cmd "$x")',
      'cat <<EOF\n$z\nEOF',
      '[[ $n -lt 2 ]]',
      '$((n*2))',
      'a | b |& c',
      '# note é',
      'f() { local v=${1:-d}; }',
      'echo "ü ${arr[0]}" `id`',
      'for f in *.txt; do mv "$f" "${f%.txt}.md"; done',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '; ', ' && '), (parts, sep) =>
        compare(parts.join(sep)),
      ),
      { numRuns: 100, seed: 26 },
    );
  });
});
