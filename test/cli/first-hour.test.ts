import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@orchlint/cli';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { jsonReport, orchlint, tempFolders } from '../support/orchlint-bin.js';
import { cleanPack, warningPack } from '../support/packs.js';

/** The rough edges of issue 14, each as a user meets it in the first hour. */

const folder = tempFolders();
const json = jsonReport;

const workflow = (nodes: string) => `name: w\ndescription: d\nnodes:\n${nodes}`;

describe('1. YAML syntax errors say the likely cause and the fix', () => {
  it("a ': ' inside a plain value: quote it or use a block scalar", async () => {
    const dir = folder({ '.archon/workflows/w.yaml': workflow(`  - id: a\n    bash: echo '{"ok": true}'\n`) });
    const r = json((await orchlintInProcess(['--format', 'json', '.archon/workflows/w.yaml'], { cwd: dir })).stdout);
    const syntax = r.diagnostics.find((d) => d.rule === 'core/yaml-syntax')!;
    expect(syntax.message).toContain('quote the value or use a block scalar `|`');
    expect(syntax.range.start).toEqual({ line: 5, column: 11 });
  });

  it('a key indented one space too deep: indent it like its siblings, at their column', async () => {
    const dir = folder({ '.archon/workflows/w.yaml': workflow('  - id: a\n     prompt: hi\n') });
    const r = json((await orchlintInProcess(['--format', 'json', '.archon/workflows/w.yaml'], { cwd: dir })).stdout);
    const syntax = r.diagnostics.filter((d) => d.rule === 'core/yaml-syntax');
    expect(syntax).toHaveLength(1);
    expect(syntax[0]!.message).toContain('indent this key like its siblings, at column 5');
    expect(syntax[0]!.range.start).toEqual({ line: 5, column: 6 });
  });

  it('a key indented less than its siblings but more than the parent: the columns that would work', async () => {
    const dir = folder({ 'x.promptpack.yaml': 'id: x\nname: x\nworkflow:\n  version: 1\n   entry: a\n' });
    const d = json(
      (await orchlintInProcess(['--format', 'json', 'x.promptpack.yaml'], { cwd: dir })).stdout,
    ).diagnostics.find((x) => x.rule === 'core/yaml-syntax')!;
    expect(d.message).toMatch(/indent this key like its siblings, at column 3/);
    const dir2 = folder({ 'x.promptpack.yaml': 'id: x\nworkflow:\n  states:\n    a: 1\n   entry: a\n' });
    const d2 = json(
      (await orchlintInProcess(['--format', 'json', 'x.promptpack.yaml'], { cwd: dir2 })).stdout,
    ).diagnostics.find((x) => x.rule === 'core/yaml-syntax')!;
    expect(d2.message).toContain('at column 3');
    expect(d2.range.start).toEqual({ line: 5, column: 4 });
  });

  it.each([
    ['tab indentation', 'a:\n\tb: 1\n', 'indent with spaces'],
    ['a bad escape in double quotes', 'a: "C:\\q"\n', 'single quotes'],
    ['a reserved first character', 'a: @x\n', 'quote the value'],
    ['a stray closing bracket', 'a: 1\n]\n', 'remove it'],
    ['several documents', 'a: 1\n---\nb: 2\n', 'one document'],
  ])('%s gets a hint', async (_name, text, hint) => {
    const dir = folder({ 'x.promptpack.yaml': text });
    const d = json(
      (await orchlintInProcess(['--format', 'json', 'x.promptpack.yaml'], { cwd: dir })).stdout,
    ).diagnostics.find((x) => x.rule === 'core/yaml-syntax')!;
    expect(d.message).toContain(hint);
  });

  it('stylish prints the syntax error first and says later findings may follow from it', async () => {
    // Line 6's node has no kind because line 7's key, over-indented, was read as part of line 6's value.
    const dir = folder({
      '.archon/workflows/w.yaml': workflow(
        '  - id: a\n    bash: echo hi\n  - id: b\n     prompt: x\n    depends_on: [a]\n',
      ),
    });
    const r = await orchlintInProcess(['.archon/workflows/w.yaml'], { cwd: dir });
    const findings = r.stdout
      .split('\n')
      .filter((l) => /^\.archon\/workflows\/w\.yaml:\d+:\d+ /.test(l) || l.includes('consequences'));
    expect(findings[0]).toMatch(/^\.archon\/workflows\/w\.yaml:7:6 .*\[core\/yaml-syntax\]$/);
    expect(findings[1]).toBe('  (the findings below may be consequences of the syntax error above: fix it first)');
    expect(findings[2]).toMatch(/:6:5 .*\[archon\/node-kind\]$/);
    // The JSON report keeps its order: path, line, column.
    const report = json(
      (await orchlintInProcess(['--format', 'json', '.archon/workflows/w.yaml'], { cwd: dir })).stdout,
    );
    expect(report.diagnostics.map((d) => d.rule)).toEqual(['archon/node-kind', 'core/yaml-syntax']);
    const lineNos = report.diagnostics.map((d) => d.range.start.line);
    expect(lineNos).toEqual([...lineNos].sort((a, b) => a - b));
  });
});

describe('2. config errors all at once, in line order', () => {
  it('schema errors and unknown rule ids in one pass', async () => {
    const dir = folder({
      'orchlint.config.yaml': 'rules:\n  promptpack/dead-end-stat: warning\ntargets:\n  promptpak: "1.9.0"\n',
      'a.promptpack.yaml': cleanPack,
    });
    const r = await orchlintInProcess(['a.promptpack.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    const at = [...r.stderr.matchAll(/orchlint\.config\.yaml:(\d+):\d+/g)].map((m) => Number(m[1]));
    expect(at).toEqual([2, 4]);
    expect(r.stderr).not.toContain('?;');
  });
});

describe('3. --cache keeps its file where users expect', () => {
  it('.orchlintcache in the working directory; --cache-location overrides', async () => {
    const dir = folder({ 'a.promptpack.yaml': cleanPack });
    expect((await orchlintInProcess(['--cache', 'a.promptpack.yaml'], { cwd: dir })).code).toBe(0);
    expect(existsSync(path.join(dir, '.orchlintcache'))).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
    expect(
      (await orchlintInProcess(['--cache', '--cache-location', 'elsewhere.json', 'a.promptpack.yaml'], { cwd: dir }))
        .code,
    ).toBe(0);
    expect(existsSync(path.join(dir, 'elsewhere.json'))).toBe(true);
  });
});

describe('4. exit codes as documented', () => {
  it('packet lint on a folder that is not a packet: 2 and one line', async () => {
    const dir = folder({ 'notes/readme.md': '# hi\n' });
    const r = await orchlintInProcess(['packet', 'lint', 'notes'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^orchlint: .*prompt_runner_packet\.md/);
  });

  it('--print-config on a path that does not exist: 2', async () => {
    const dir = folder({ 'a.promptpack.yaml': cleanPack });
    const r = await orchlintInProcess(['--print-config', 'missing.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('orchlint: no such file or directory: missing.yaml\n');
  });

  it('packet with no subcommand: its help, exit 2, no parser internals', async () => {
    const r = await orchlintInProcess(['packet']);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toContain('lint [options] [dir]');
    expect(r.stdout + r.stderr).not.toContain('outputHelp');
  });
});

describe('5. --print-config PATH shows what applies', () => {
  it('the rules of the dialect PATH is linted as, and the targets with their defaults', async () => {
    const dir = folder({
      '.archon/workflows/w.yaml': workflow('  - id: a\n    bash: echo hi\n'),
      'a.promptpack.yaml': cleanPack,
    });
    const archon = JSON.parse(
      (await orchlintInProcess(['--print-config', '.archon/workflows/w.yaml'], { cwd: dir })).stdout,
    );
    const ids = Object.keys(archon.rules);
    expect(ids.some((id) => id.startsWith('archon/'))).toBe(true);
    expect(ids.every((id) => id.startsWith('archon/') || id.startsWith('core/'))).toBe(true);
    expect(archon.dialect).toBe('archon');
    expect(archon.targets).toEqual({ archon: '0.9' });
    const pack = JSON.parse((await orchlintInProcess(['--print-config', 'a.promptpack.yaml'], { cwd: dir })).stdout);
    expect(Object.keys(pack.rules).every((id) => id.startsWith('promptpack/') || id.startsWith('core/'))).toBe(true);
    expect(pack.targets).toEqual({ promptpack: '1.9.0' });
    const all = JSON.parse((await orchlintInProcess(['--print-config', '.'], { cwd: dir })).stdout);
    expect(all.targets).toEqual({ promptpack: '1.9.0', archon: '0.9', 'prompt-runner': '0.12.1' });
    const packet = folder({ 'pk/prompt_runner_packet.md': '---\nname: demo\n---\n' });
    const pk = JSON.parse((await orchlintInProcess(['--print-config', 'pk'], { cwd: packet })).stdout);
    expect([pk.dialect, pk.targets]).toEqual(['prompt-runner', { 'prompt-runner': '0.12.1' }]);
  });

  it('a configured target wins over the default', async () => {
    const dir = folder({
      'orchlint.config.yaml': 'targets:\n  archon: "0.10"\n',
      '.archon/workflows/w.yaml': workflow('  - id: a\n    bash: echo hi\n'),
    });
    const r = JSON.parse(
      (await orchlintInProcess(['--print-config', '.archon/workflows/w.yaml'], { cwd: dir })).stdout,
    );
    expect(r.targets).toEqual({ archon: '0.10' });
  });
});

const packWith = (states: string) => `id: g
name: G
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  p: { id: p, name: P, version: 1.0.0, system_template: x }
workflow:
  version: 1
  entry: a
  states:
${states}`;

function dotSvg(text: string): string | undefined {
  const r = spawnSync('dot', ['-Tsvg'], { input: text, encoding: 'utf8' });
  return r.error || r.status !== 0 ? undefined : r.stdout;
}

describe('6. graph tells the truth', () => {
  it('a transition to a missing state goes, dashed, to a red "missing" node', async () => {
    const dir = folder({
      'g.promptpack.yaml': packWith(
        '    a:\n      prompt_task: p\n      on_event: { Next: nowhere, Done: b }\n    b:\n      prompt_task: p\n      terminal: true\n',
      ),
    });
    const mermaid = await orchlintInProcess(['graph', 'g.promptpack.yaml'], { cwd: dir });
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout).toMatch(/n\d+\("nowhere \(missing\)"\)/);
    expect(mermaid.stdout).toMatch(/-\.->\|"Next"\|/);
    const dot = await orchlintInProcess(['graph', '--format', 'dot', 'g.promptpack.yaml'], { cwd: dir });
    expect(dot.stdout).toMatch(/"a" -> "missing:nowhere" \[[^\]]*style=dashed/);
    expect(dot.stdout).toMatch(/"missing:nowhere" \[label="nowhere \(missing\)"[^\]]*color="#cf222e"/);
  });

  it('a file with a syntax error: a warning on stderr', async () => {
    const dir = folder({
      'g.promptpack.yaml':
        packWith(
          '    a:\n      prompt_task: p\n      on_event: { Done: b }\n    b:\n      prompt_task: p\n      terminal: true\n',
        ) + 'oops: a: b\n',
    });
    const r = await orchlintInProcess(['graph', 'g.promptpack.yaml'], { cwd: dir });
    expect(r.stderr).toMatch(/^orchlint: warning: g\.promptpack\.yaml has a syntax error at line \d+/);
  });

  const packet = {
    'pk/prompt_runner_packet.md': '---\nname: demo\n---\n# demo\n',
    'pk/prompts/01_first.prompt.md': '---\nid: "01"\nname: Create the file\n---\n# Create the file\n',
    'pk/prompts/02_second.prompt.md': '---\nid: "02"\n---\n# Check the file\n',
  };

  it('graph DIR works on a packet folder; nodes are labelled with the prompt names', async () => {
    const dir = folder(packet);
    const r = await orchlintInProcess(['graph', 'pk'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('01 Create the file');
    expect(r.stdout).toContain('02 Check the file');
  });

  it('DOT edge labels are placed with xlabel, which Graphviz renders without overlap', async () => {
    const dir = folder(packet);
    const r = await orchlintInProcess(['graph', '--format', 'dot', 'pk'], { cwd: dir });
    expect(r.stdout).toMatch(/xlabel="then"/);
    expect(r.stdout).not.toMatch(/[^x]label="then"/);
    const svg = dotSvg(r.stdout);
    if (svg !== undefined) expect(svg).toContain('>then<');
  });
});

describe('7. messages read well', () => {
  it("when: $a.output === 'y' is a syntax error with did-you-mean '=='", async () => {
    const dir = folder({
      '.archon/workflows/w.yaml': workflow(
        `  - id: a\n    bash: echo y\n  - id: b\n    prompt: go\n    depends_on: [a]\n    when: "$a.output === 'y'"\n`,
      ),
    });
    const r = json((await orchlintInProcess(['--format', 'json', '.archon/workflows/w.yaml'], { cwd: dir })).stdout);
    const rules = r.diagnostics.map((d) => d.rule);
    expect(rules).toContain('archon/when-syntax');
    expect(rules).not.toContain('archon/when-computation');
    expect(r.diagnostics.find((d) => d.rule === 'archon/when-syntax')!.message).toContain("did you mean '=='");
  });

  it('no ?; in a did-you-mean', async () => {
    const dir = folder({ 'a.promptpack.yaml': cleanPack.replace('tools: [lookup_order]', 'tools: [lookup_ordr]') });
    const r = await orchlintInProcess(['a.promptpack.yaml'], { cwd: dir });
    expect(r.stdout).toContain("did you mean 'lookup_order'");
    expect(r.stdout).not.toContain('?;');
  });

  // No finding on any rule's fixtures reads '?;': test/rules/fixtures.test.ts checks every case.

  it('an unused config ignore entry is reported at the entry in the config file', async () => {
    const config = 'ignore:\n  - rules: [promptpack/tool-ref]\n    paths: ["a.promptpack.yaml:3"]\n';
    const dir = folder({ 'orchlint.config.yaml': config, 'a.promptpack.yaml': cleanPack });
    const r = json((await orchlintInProcess(['--format', 'json', 'a.promptpack.yaml'], { cwd: dir })).stdout);
    const unused = r.diagnostics.find((d) => d.rule === 'core/unused-suppression')!;
    expect(unused.path).toBe('orchlint.config.yaml');
    expect(unused.range.start).toEqual({ line: 3, column: 13 });
  });

  it('paths outside the working directory are printed absolute', async () => {
    const dir = folder({ 'a.promptpack.yaml': warningPack, 'sub/deep/keep.md': 'x\n' });
    const r = json(
      (await orchlintInProcess(['--format', 'json', '../../a.promptpack.yaml'], { cwd: path.join(dir, 'sub/deep') }))
        .stdout,
    );
    expect(r.files[0]!.path).toBe(path.join(dir, 'a.promptpack.yaml').split(path.sep).join('/'));
    expect(r.diagnostics.every((d) => !d.path.startsWith('..'))).toBe(true);
  });

  it('the summary line of a run that passes is not red', async () => {
    const dir = folder({ 'a.promptpack.yaml': warningPack });
    const out: string[] = [];
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const code = await main(['a.promptpack.yaml'], { stdout: (s) => out.push(s), stderr: () => {}, color: true });
      expect(code).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    const summary = out.join('').trimEnd().split('\n').at(-1)!;
    expect(summary).toContain('1 problem');
    expect(summary).not.toContain('\u001b[31m');
    // The same warning fails a --strict run: then the summary is red.
    const strict: string[] = [];
    process.chdir(dir);
    try {
      expect(
        await main(['--strict', 'a.promptpack.yaml'], { stdout: (s) => strict.push(s), stderr: () => {}, color: true }),
      ).toBe(1);
    } finally {
      process.chdir(cwd);
    }
    expect(strict.join('').trimEnd().split('\n').at(-1)!).toContain('\u001b[31m');
  });
});

describe('9. --stdin without --stdin-filename detects the dialect by content', () => {
  it('an Archon workflow and a pack on standard input', () => {
    const text = workflow(
      `  - id: a\n    bash: echo y\n  - id: b\n    prompt: go\n    depends_on: [a]\n    when: "$a.output == 'y'"\n`,
    );
    const r = json(orchlint(['--stdin', '--format', 'json'], { input: text }).stdout);
    expect(r.files).toEqual([{ path: '<stdin>', dialect: 'archon' }]);
    const p = json(orchlint(['--stdin', '--format', 'json'], { input: cleanPack }).stdout);
    expect(p.files).toEqual([{ path: '<stdin>', dialect: 'promptpack' }]);
  });
});

describe('10. --update-baseline says so on stdout', () => {
  it('recorded N findings in FILE', async () => {
    const dir = folder({ 'a.promptpack.yaml': warningPack });
    const r = await orchlintInProcess(
      ['--baseline', '.orchlint-baseline.json', '--update-baseline', 'a.promptpack.yaml'],
      {
        cwd: dir,
      },
    );
    expect(r.stdout).toMatch(/^orchlint: recorded 1 finding in \.orchlint-baseline\.json$/m);
    expect(readFileSync(path.join(dir, '.orchlint-baseline.json'), 'utf8')).toContain('control-agent-on-terminal');
  });
});

describe('11. orchlint --help', () => {
  it('says lint is the default command, lists the exit codes and shows the lint options', async () => {
    const r = await orchlintInProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lint \[options\] \[paths\.\.\.\] +the default command/);
    expect(r.stdout).toMatch(/Exit codes:[\s\S]*0 [\s\S]*1 [\s\S]*2 [\s\S]*3 /);
    for (const flag of ['--format', '--strict', '--fix', '--cache', '--stdin']) expect(r.stdout).toContain(flag);
  });
});
