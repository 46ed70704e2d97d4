import { describe, expect, it } from 'vitest';
import {
  effectiveCommand,
  fetchedCodeRuns,
  maskAsQuotedWords,
  parseShell,
  quotingAt,
  reEvaluation,
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

  it('counts offsets in UTF-16 units whatever the text holds', () => {
    const text = 'echo "é 😀" $x';
    const s = parseShell(text);
    expect(s.params[0]!.span).toEqual({ start: text.indexOf('$x'), end: text.length });
  });

  it('reports a syntax error as a value, with its offset', () => {
    const s = parseShell('echo "abc');
    expect(s.error?.message).toMatch(/quote/);
    expect(s.commands).toEqual([]);
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
