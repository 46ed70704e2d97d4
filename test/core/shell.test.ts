import { describe, expect, it } from 'vitest';
import {
  effectiveCommand,
  fetchedCodeRuns,
  maskAsQuotedWords,
  parseShell,
  programTextAt,
  quotingAt,
  reEvaluation,
  runsFile,
  unpinnedRun,
} from '@orchlint/core';

describe('parseShell', () => {
  it('lists commands with their literal words and what each is piped into', () => {
    const s = parseShell("curl -fsSL https://x.sh | sudo bash -s\ngit checkout 'main'");
    expect(s.error).toBeUndefined();
    expect(s.commands.map((c) => [c.name, c.words.map((w) => w.literal), c.pipedInto?.name])).toEqual([
      ['curl', ['curl', '-fsSL', 'https://x.sh'], 'sudo'],
      ['sudo', ['sudo', 'bash', '-s'], undefined],
      ['git', ['git', 'checkout', 'main'], undefined],
    ]);
    expect(effectiveCommand(s.commands[1]!)?.name).toBe('bash');
    expect(fetchedCodeRuns(s, s.commands[0]!)).toBe('piped into bash');
  });

  it('links every stage of a pipeline to the next one', () => {
    const s = parseShell('a | b | c');
    expect(s.commands.map((c) => c.pipedInto?.name)).toEqual(['b', 'c', undefined]);
  });

  it('tells the quoting of a position: quotes, here-documents, backquotes, comments', () => {
    const text = `echo "a $x" 'b' \`c\`\ncat <<'E'\nq\nE\ncat <<E\nu\nE\n# note`;
    const s = parseShell(text);
    const at = (needle: string) => quotingAt(s, text.indexOf(needle));
    expect(at('a $x')).toBe('double');
    expect(at('b')).toBe('single');
    expect(at('c`')).toBe('backquote');
    expect(at('q\n')).toBe('quoted-heredoc');
    expect(at('u\n')).toBe('heredoc');
    expect(at('note')).toBe('comment');
    expect(at('echo')).toBe('none');
  });

  it('marks the operands of [[ -gt ]] and $(( )) as arithmetic', () => {
    const text = '[[ $n -gt 3 ]]; echo $(( m + 1 ))';
    const s = parseShell(text);
    const kinds = (needle: string) =>
      s.regions
        .filter((r) => r.span.start <= text.indexOf(needle) && text.indexOf(needle) < r.span.end)
        .map((r) => r.kind);
    expect(kinds('$n')).toEqual(['arithmetic']);
    expect(kinds('m +')).toEqual(['arithmetic']);
  });

  it('finds the words a shell parses again', () => {
    const text = `eval "$a"; bash -c "$b" _ "$c"; python3 -c "$d"; echo "$e" | sh; source <(echo "$f")`;
    const s = parseShell(text);
    const how = (needle: string) => reEvaluation(s, text.indexOf(needle));
    expect(how('$a')).toBe('eval');
    expect(how('$b')).toBe('bash -c');
    expect(how('$c')).toBeUndefined();
    expect(how('$d')).toBe('python3 -c');
    expect(how('$e')).toBe('piped into sh');
    expect(how('$f')).toBe('source <(…)');
  });

  it('follows a pipeline through filters into a shell', () => {
    const text = 'printf %s "$x" | base64 -d | tr -d x | sh';
    expect(reEvaluation(parseShell(text), text.indexOf('$x'))).toBe('piped into sh (through base64)');
    expect(reEvaluation(parseShell('printf %s "$x" | base64 -d | wc -c'), 12)).toBeUndefined();
  });

  it('lists assignments, with the variable or word a sole-expansion value is', () => {
    const s = parseShell(`a=$x; export b="\${y}"; local c=1; d="v $x"; e='q'; f=\${#x}; g+=$x`);
    expect(s.assignments.map((a) => [a.name, a.value?.param ?? (a.value ? 'word' : undefined)])).toEqual([
      ['a', 'x'],
      ['b', 'y'],
      ['c', undefined],
      ['d', undefined],
      ['e', 'word'],
      ['f', undefined],
      ['g', undefined],
    ]);
  });

  it('knows where a [[ =~ ]] test holds', () => {
    const text = [
      'if ! [[ "$a" =~ ^[0-9]+$ ]]; then echo no; exit 1; fi',
      'A',
      '[[ $b =~ ^x$ ]] && B',
      '[[ $c =~ ^y$ ]] || { echo no; exit 2; }',
      'C',
      'if [[ $d =~ ^z$ ]]; then D; fi',
      'E',
      'if [[ $e =~ ^z$ ]]; then :; fi',
      'if ! [[ $f =~ ^z$ ]]; then echo only a warning; fi',
      'F',
    ].join('\n');
    const s = parseShell(text);
    const holds = (param: string) =>
      s.guards
        .filter((g) => g.subject.param === param)
        .map((g) => text.slice(g.holds.start, g.holds.end).replace(/;$/, '').trim());
    expect(s.guards.map((g) => g.pattern)).toEqual(['^[0-9]+$', '^x$', '^y$', '^z$', '^z$']);
    expect(holds('a')[0]).toMatch(/^A\n[\s\S]*F$/);
    expect(holds('b')).toEqual(['B']);
    expect(holds('c')[0]).toMatch(/^C\n[\s\S]*F$/);
    expect(holds('d')).toEqual(['D']);
    expect(holds('e')).toEqual([':']);
    expect(holds('f')).toEqual([]);
  });

  it('finds bare names read as arithmetic, the files a statement writes and the files a command runs', () => {
    const s = parseShell(
      'echo $(( n + 1 )) ${m}\n[[ k -gt 3 ]]\n(( j > 2 ))\nx > out.sh\ny | tee -a log.sh\nbash -x ./out.sh',
    );
    expect(s.arithmeticNames.map((n) => n.name)).toEqual(['n', 'k', 'j']);
    expect(s.writes.map((w) => [w.file, s.text.slice(w.span.start, w.span.end)])).toEqual([
      ['out.sh', 'x > out.sh'],
      ['log.sh', 'y | tee -a log.sh'],
    ]);
    expect(s.commands.map((c) => [c.name, runsFile(c)?.file])).toEqual([
      ['echo', undefined],
      ['x', undefined],
      ['y', undefined],
      ['tee', undefined],
      ['bash', 'out.sh'],
    ]);
    const source = parseShell('. ./env.sh; source env.sh; bash -c "x" f.sh; ./run.sh');
    expect(source.commands.map((c) => runsFile(c) && `${runsFile(c)!.how} ${runsFile(c)!.file}`)).toEqual([
      '. env.sh',
      'source env.sh',
      undefined,
      'exec run.sh',
    ]);
  });

  it('counts offsets in UTF-16 units whatever the text holds', () => {
    const text = 'echo "é 😀" $x';
    const s = parseShell(text);
    expect(s.params[0]!.span).toEqual({ start: text.indexOf('$x'), end: text.length });
  });

  it('keeps offsets after a lone surrogate, which a YAML "\\ud800" escape can put in a body', () => {
    for (const lone of ['\ud800', '\udc00', '\ud800\ud800']) {
      const text = `echo ${lone} $x; eval "$y"`;
      const s = parseShell(text);
      expect(s.text).toBe(text);
      expect(s.params.map((p) => text.slice(p.span.start, p.span.end))).toEqual(['$x', '$y']);
      expect(s.commands.map((c) => c.name)).toEqual(['echo', 'eval']);
    }
  });

  it('reports a syntax error as a value, with its offset', () => {
    const s = parseShell('echo "abc');
    expect(s.error?.message).toMatch(/quote/);
    expect(s.commands).toEqual([]);
    // After non-ASCII text the offset is still in UTF-16 units.
    const text = 'echo "é 😀 日本"; if then';
    expect(parseShell(text).error?.offset).toBe(text.indexOf('if'));
  });

  it('returns nesting too deep for the parser as an error, without throwing or hanging', () => {
    for (const text of [
      `echo ${'$('.repeat(5000)}x${')'.repeat(5000)}`,
      `${'{ '.repeat(5000)}x; ${'}; '.repeat(5000)}`,
      `echo ${'"$('.repeat(20000)}`,
    ]) {
      const s = parseShell(text);
      expect(s.error).toBeDefined();
      expect(s.commands).toEqual([]);
    }
  });

  it('marks declare -i values as arithmetic and reads case statements as guards', () => {
    const text = [
      'declare -i n="$a"; local -ri m=b k; declare +i p=$c; declare q=$d',
      'case "$v" in',
      "  ''|*[!0-9]*) echo é; exit 1 ;;",
      'esac',
      'use "$v"',
      'case $w in open|y.z) use "$w" ;; x) a ;& q) b ;; esac',
      'case $u in foo*) : ;; *[!0-9]*) exit 1 ;; esac',
    ].join('\n');
    const s = parseShell(text);
    const arithmetic = s.regions
      .filter((r) => r.kind === 'arithmetic')
      .map((r) => text.slice(r.span.start, r.span.end));
    expect(arithmetic).toEqual(['"$a"', 'b']);
    expect(s.arithmeticNames.map((n) => n.name)).toEqual(['b']);
    expect(s.guards.map((g) => [g.subject.param, g.pattern, text.slice(g.holds.start, g.holds.end).trim()])).toEqual([
      [
        'v',
        '^[0-9]*$',
        'use "$v"\ncase $w in open|y.z) use "$w" ;; x) a ;& q) b ;; esac\ncase $u in foo*) : ;; *[!0-9]*) exit 1 ;; esac',
      ],
      ['w', '^(open|y\\.z)$', 'use "$w"'],
      ['w', '^(x)$', 'a'],
    ]);
  });

  it('knows which words are sed or awk program text', () => {
    const at = (text: string, word: string) => programTextAt(parseShell(text), text.indexOf(word) + 1);
    expect(at('sed "s/$x/y/" f', '$x')).toBe('sed');
    expect(at('sed -n -e "/$x/p" f', '$x')).toBe('sed');
    expect(at('sed --expression="s/$x/y/" f', '$x')).toBe('sed');
    expect(at('sed -e p "$x"', '$x')).toBeUndefined();
    expect(at('sed -f prog.sed "$x"', '$x')).toBeUndefined();
    expect(at('sed p -- "$x"', '$x')).toBeUndefined();
    expect(at('awk "/$x/" f', '$x')).toBe('awk');
    expect(at('sudo gawk -F: "{print \\"$x\\"}"', '$x')).toBe('gawk');
    expect(at('awk -v v="$x" "index(\\$0, v)"', '$x')).toBeUndefined();
    expect(at('grep -e "$x" f', '$x')).toBeUndefined();
  });

  it('masks spans as quoted words of the same length', () => {
    expect(maskAsQuotedWords('a $x.output b', [{ start: 2, end: 11 }])).toBe("a 'xxxxxxx' b");
  });

  it('knows which package runners run an unpinned package', () => {
    const run = (t: string) => unpinnedRun(parseShell(t).commands[0]!)?.package;
    expect(run('npx -y cowsay hi')).toBe('cowsay');
    expect(run('npx -y cowsay@1.6.0 hi')).toBeUndefined();
    expect(run('npx -y @scope/tool@latest')).toBe('@scope/tool@latest');
    expect(run('npx cowsay')).toBeUndefined();
    expect(run('uvx ruff check')).toBe('ruff');
    expect(run('uvx ruff==0.6.9 check')).toBeUndefined();
    expect(run('uvx --from black==24.1.0 black .')).toBeUndefined();
    expect(run('pnpm dlx create-x')).toBe('create-x');
  });
});
