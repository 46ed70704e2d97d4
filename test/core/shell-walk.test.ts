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
const [andOp, orOp] = ops('a && b\na || b', 'BinaryCmd');
const [regexOp] = ops('[[ a =~ b ]]', 'BinaryTest');
const [notOp] = ops('[[ ! a ]]', 'UnaryTest');
const [, fallthroughOp] = (() => {
  const found: number[] = [];
  syntax.Walk(parser.Parse('case x in a) ;; b) ;& c) ;;& esac', ''), (n: any) => {
    if (n && syntax.NodeType(n) === 'CaseItem') found.push(n.Op);
    return true;
  });
  return found;
})();
const writeOps = new Set(ops('a > f\na >> f\na >| f\na &> f\na &>> f', 'Redirect'));
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
  const assignments: unknown[] = [];
  const guards: unknown[] = [];
  const arithmeticNames: unknown[] = [];
  const writes: unknown[] = [];
  const stack: any[] = [];
  const kind = (n: any) => (n ? syntax.NodeType(n) : undefined);
  const sole = (word: any) => {
    const parts = word?.Parts ?? [];
    if (parts.length !== 1) return undefined;
    let part = parts[0];
    if (kind(part) === 'SglQuoted' && !part.Dollar) return { span: span(word) };
    if (kind(part) === 'DblQuoted') {
      if (part.Parts.length !== 1) return undefined;
      part = part.Parts[0];
    }
    const plain =
      kind(part) === 'ParamExp' &&
      part.Param &&
      !part.Length &&
      !part.Excl &&
      !part.Width &&
      !part.Index &&
      !part.Slice;
    return plain && !part.Repl && !part.Names ? { span: span(word), param: String(part.Param.Value) } : undefined;
  };
  const testOf = (stmt: any) => {
    if (kind(stmt?.Cmd) !== 'TestClause') return undefined;
    let x = stmt.Cmd.X;
    let negated = Boolean(stmt.Negated);
    if (kind(x) === 'UnaryTest' && x.Op === notOp) {
      negated = !negated;
      x = x.X;
    }
    if (kind(x) !== 'BinaryTest' || x.Op !== regexOp) return undefined;
    const subject = sole(x.X);
    if (!subject || !x.Y.Parts.every((p: any) => kind(p) === 'Lit')) return undefined;
    const at = span(x.Y);
    return { subject, pattern: text.slice(at.start, at.end), negated };
  };
  const endsRun = (stmt: any): boolean => {
    const cmd = stmt?.Cmd;
    if (kind(cmd) === 'Block') return endsRun(cmd.Stmts.at(-1));
    const name = kind(cmd) === 'CallExpr' && cmd.Args.length ? literal(cmd.Args[0]) : undefined;
    return name === 'exit' || name === 'return';
  };
  const listEnd = () =>
    ['File', 'Block', 'Subshell'].includes(kind(stack.at(-2)) ?? '') ? span(stack.at(-2)).end : undefined;
  const guard = (test: any, holds: Span | undefined) => {
    if (test && holds && holds.start < holds.end) guards.push({ subject: test.subject, pattern: test.pattern, holds });
  };
  const integers = new Set<any>();
  // Subscripts and substring bounds, by span (the API wraps a node anew on each access).
  const roots = new Set<string>();
  const indexes: Array<{ array?: string; span: Span }> = [];
  const associative = new Set<string>();
  const key = (s: Span) => `${s.start}:${s.end}`;
  const root = (n: any, array?: string) => {
    roots.add(key(span(n)));
    indexes.push({ array, span: span(n) });
    regions.push({ kind: 'arithmetic', span: span(n) });
  };
  const plain = /^[A-Za-z0-9_.,:@%=/+-]+$/;
  const arithmeticWord = (word: any) => {
    if (roots.has(key(span(word)))) return true;
    const top = kind(stack.at(-1));
    if (top === 'BinaryTest') return arithmetic.has(stack.at(-1).Op);
    if (top === 'Assign') {
      const value = stack.at(-1).Value;
      return integers.has(stack.at(-2)) && !stack.at(-1).Naked && value?.Pos().Offset() === word.Pos().Offset();
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const at = kind(stack[i])!;
      if (['ArithmExp', 'ArithmCmd', 'LetClause'].includes(at) || roots.has(key(span(stack[i])))) return true;
      if (!['BinaryArithm', 'UnaryArithm', 'ParenArithm'].includes(at)) return false;
    }
    return false;
  };
  /** The summary's newer lists: assignments, guards, arithmetic names and writes. */
  const more = (node: any, t: string) => {
    if (t === 'BinaryCmd' && (node.Op === andOp || node.Op === orOp)) {
      const test = testOf(node.X);
      if (test && !test.negated) {
        if (node.Op === andOp) guard(test, span(node.Y));
        else if (endsRun(node.Y)) {
          const end = listEnd();
          if (end !== undefined) guard(test, { start: span(node).end, end });
        }
      }
    } else if (t === 'IfClause') {
      const test = node.Cond.length === 1 && node.Then.length ? testOf(node.Cond[0]) : undefined;
      if (test && !test.negated) guard(test, { start: span(node.Then[0]).start, end: span(node.Then.at(-1)).end });
      else if (test && endsRun(node.Then.at(-1)) && kind(stack.at(-1)) === 'Stmt') {
        const end = listEnd();
        if (end !== undefined) guard(test, { start: span(node).end, end });
      }
    } else if (t === 'DeclClause') {
      const flags = node.Args.filter((a: any) => a.Naked && !a.Name && a.Value).map(
        (a: any) => /^-([a-zA-Z]*)/.exec(literal(a.Value) ?? '')?.[1] ?? '',
      );
      const declares = ['declare', 'local', 'typeset'].includes(String(node.Variant.Value));
      if (declares && flags.some((f: string) => f.includes('i'))) integers.add(node);
      if (declares && flags.some((f: string) => f.includes('A')))
        for (const a of node.Args) if (a.Name) associative.add(String(a.Name.Value));
    } else if (t === 'CaseClause') {
      const subject = sole(node.Word);
      let allExit = true;
      let previous: any;
      for (const item of subject ? node.Items : []) {
        const patterns = item.Patterns.map((w: any) =>
          w.Parts.every((p: any) => kind(p) === 'Lit') ? w.Parts.map((p: any) => String(p.Value)).join('') : undefined,
        );
        const body = item.Stmts.length
          ? { start: span(item.Stmts[0]).start, end: span(item.Stmts.at(-1)).end }
          : undefined;
        if (body && previous?.Op !== fallthroughOp && patterns.every((p: any) => p !== undefined && plain.test(p)))
          guard({ subject, pattern: `^(${patterns.map((p: string) => p.replace(/[.+]/g, '\\$&')).join('|')})$` }, body);
        const exits = body !== undefined && endsRun(item.Stmts.at(-1));
        const reject = patterns
          .map((p: any) => p && /^\*\[[!^]([^\]]+)\]\*$/.exec(p)?.[1])
          .find((c: any) => c && plain.test(c));
        const end = kind(stack.at(-1)) === 'Stmt' ? listEnd() : undefined;
        if (reject && exits && allExit && end !== undefined)
          guard({ subject, pattern: `^[${reject}]*$` }, { start: span(node).end, end });
        allExit &&= exits;
        previous = item;
      }
    } else if (t === 'Assign' && node.Name && !node.Index && !node.Array) {
      const value = node.Append ? undefined : sole(node.Value);
      assignments.push({ name: String(node.Name.Value), span: span(node), ...(value ? { value } : {}) });
    } else if (t === 'Word' && arithmeticWord(node)) {
      const name = literal(node);
      if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        arithmeticNames.push({ name, span: span(node), braced: false });
    } else if (t === 'Redirect' && writeOps.has(node.Op) && node.Word) {
      const file = literal(node.Word);
      if (file && kind(stack.at(-1)) === 'Stmt') writes.push({ file, span: span(stack.at(-1)) });
    }
  };
  const visit = (node: any): boolean => {
    if (!node) {
      stack.pop();
      return true;
    }
    const t = syntax.NodeType(node);
    if (t === 'SglQuoted') regions.push({ kind: node.Dollar ? 'ansi-c' : 'single', span: span(node) });
    else if (t === 'DblQuoted') regions.push({ kind: 'double', span: span(node) });
    else if (t === 'CmdSubst')
      regions.push({ kind: node.Backquotes ? 'backquote' : 'command-substitution', span: span(node) });
    else if (t === 'ProcSubst') regions.push({ kind: 'process-substitution', span: span(node) });
    else if (t === 'ArithmExp' || t === 'ArithmCmd' || t === 'LetClause')
      regions.push({ kind: 'arithmetic', span: span(node) });
    else if (t === 'Assign') {
      if (integers.has(stack.at(-1)) && !node.Naked && node.Value)
        regions.push({ kind: 'arithmetic', span: span(node.Value) });
      if (node.Index && node.Name) root(node.Index, String(node.Name.Value));
    } else if (t === 'Comment') regions.push({ kind: 'comment', span: span(node) });
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
    } else if (t === 'ParamExp') {
      const all = kind(node.Index) === 'Word' && ['@', '*'].includes(literal(node.Index) ?? '');
      if (node.Index && !all && node.Param) root(node.Index, String(node.Param.Value));
      if (node.Slice?.Offset) root(node.Slice.Offset);
      if (node.Slice?.Length) root(node.Slice.Length);
    }
    if (t === 'ParamExp' && node.Param)
      params.push({
        name: String(node.Param.Value),
        span: span(node),
        braced: !node.Short,
        ...(node.Length ? { length: true } : {}),
      });
    else if (t === 'CallExpr') {
      const words = (node.Args as any[]).map((w, index) => ({ span: span(w), literal: literal(w), index }));
      if (words.length)
        commands.push({ span: { start: words[0]!.span.start, end: span(node).end }, words, name: words[0]!.literal });
      const name = words[0]?.literal;
      if (name !== undefined && name.slice(name.lastIndexOf('/') + 1) === 'tee') {
        let whole: any;
        for (let i = stack.length - 1; i >= 0; i--) {
          const at = syntax.NodeType(stack[i]);
          if (at === 'BinaryCmd' && pipeOps.includes(stack[i].Op)) whole = stack[i];
          else if (at !== 'Stmt') break;
        }
        for (const w of words.slice(1))
          if (w.literal !== undefined && !w.literal.startsWith('-'))
            writes.push({ file: w.literal, span: whole ? span(whole) : commands.at(-1)!.span });
      }
    }
    more(node, t);
    stack.push(node);
    // This build's syntax.Walk does not enter a substring's bounds (`${v:$o:n}`), which bash expands.
    if (t === 'ParamExp' && node.Slice)
      for (const bound of [node.Slice.Offset, node.Slice.Length]) if (bound) syntax.Walk(bound, visit);
    return true;
  };
  syntax.Walk(file, visit);
  const keys = indexes.filter((i) => i.array !== undefined && associative.has(i.array)).map((i) => i.span);
  const inKey = (s: Span) => keys.some((k) => k.start <= s.start && s.end <= k.end);
  const isKey = (s: Span) => keys.some((k) => k.start === s.start && k.end === s.end);
  const kept = regions.filter((r) => r.kind !== 'arithmetic' || !isKey(r.span));
  const names = arithmeticNames.filter((n: any) => !inKey(n.span));
  kept.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
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
  return {
    commands: commands.map((c, i) => ({ ...c, into: into[i] })),
    params,
    regions: kept,
    assignments,
    guards,
    arithmeticNames: names,
    writes,
  };
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
    assignments: s.assignments,
    guards: s.guards,
    arithmeticNames: s.arithmeticNames,
    writes: s.writes,
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
      'if [[ "$v" =~ ^[a-z]+$ ]]; then eval "$v"; fi; [[ $w =~ ^[0-9]+$ ]] || exit 1; echo $w',
      'if ! [[ $u =~ ^ok$ ]]; then { echo no; return; }; fi; run "$u"; [[ ! $q =~ x ]] && y',
      'n=$1; m="$2"; k=\'é\'; declare -r r=${3:-d}; a[1]=x; s+=more; echo $(( n + m )); [[ k -gt 2 ]]; let "z=n*2"',
      'echo "$x" > out.sh; cat <<EOF >> "log.txt"\n$y\nEOF\nprintf %s "$z" | tee -a a.txt b.txt | sort &> /dev/null',
      'declare -i n=$v; local -ri m="$w" k; typeset -i j=k+1; declare +i p=$q; declare -a a=(1); export -n e=1',
      'case "$v" in *[!0-9]*|"") echo "é"; exit 1;; esac; echo $v; case $s in open|y.z) echo "$s";; *) :;; esac',
      'case $t in a) x;& b) y "$t";; *[!a-z]*) exit;; esac; case ü in *[!0-9]*) exit;; esac; case "$x.y" in q) :;; esac',
      '{ case $u in foo*) :;; *[!0-9]*) exit 1;; esac; }; ( case $w in *[^a-z]*) return;; esac; gh "$w" )',
      'arr[$X+1]=1; echo ${arr[X]} ${arr[@]} "${m[k]}" ${X:$o:2} ${X: -1} ${#arr[*]}; declare -A m; m[$K]=é',
      'cat <<EOF\nü $(echo "é $(date +%s)") ${x:-日本}\nEOF\ncat <<-\tEND\n\t😀 $y\n\tEND\npython3 <<<"$z" && bash <<\'Q\'\n$w\nQ',
      'declare -Ai h; h[k]=v; local -a l=(1); l[i]=2; echo ${l[i+1]:1} ${!l[@]}',
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
      'if [[ $p =~ ^[a-z]+$ ]]; then echo "$p"; fi',
      '[[ "$q" =~ ^x ]] || exit 2',
      'v="${#w}"; echo $(( v + k ))',
      'echo "$r" | tee out.txt > log',
      'declare -i n=$v',
      'local -ri m="$w" k=ARGUMENTS',
      'case "$v" in *[!0-9]*|"") exit 1;; esac',
      'case $s in open|closed.x) echo "$s";; *) :;; esac',
      'case $t in a) x;& b) y "$t";; esac',
      '[[ $u =~ ^[a-z]+$ ]] || exit 1',
      'if ! [[ $u =~ ^ok$ ]]; then exit 3; fi',
      'v=$1; export w="$v"; readonly r=${v} s+=x',
      'printf %s "$x" >> run.sh',
      'echo "ü $(echo "é ${é:-x}")"',
      'a[$i]=x; echo "${a[j+1]}"',
      'declare -A m; m[$k]=1',
      'echo ${v:$o:n} ${w: -2}',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '; ', ' && '), (parts, sep) =>
        compare(parts.join(sep)),
      ),
      { numRuns: 200, seed: 26 },
    );
  });
});
