import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@orchlint/cli';
import { clauses, coreRules } from '@orchlint/core';
import { dialects, rules } from '@orchlint/rules';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { columnOf, lineOf, makeTempDir, removeDir, runCli, writeTree, type CliResult } from '../support/cli.js';
import { cleanPack, cleanPackJson, errorPack, warningPack } from '../support/packs.js';
import { repoRoot } from '../support/paths.js';

interface Position {
  line: number;
  column: number;
}
interface Report {
  version: number;
  tool: { name: string; version: string };
  files: Array<{ path: string; dialect: string }>;
  diagnostics: Array<{
    path: string;
    rule: string;
    severity: string;
    message: string;
    range: { start: Position; end: Position };
  }>;
  summary: { files: number; errors: number; warnings: number; infos: number };
}

const reportSchema = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/report-v1.schema.json'), 'utf8'));
const validateReport = new Ajv2020({ allErrors: true, strict: true }).compile(reportSchema);
const cliVersion = JSON.parse(readFileSync(path.join(repoRoot, 'packages/cli/package.json'), 'utf8')).version as string;

/** Parses a JSON report and checks it against schemas/report-v1.schema.json and its own counts. */
function parseReport(result: CliResult): Report {
  const report = JSON.parse(result.stdout) as Report;
  expect(validateReport(report), JSON.stringify(validateReport.errors, null, 2)).toBe(true);
  const count = (s: string) => report.diagnostics.filter((d) => d.severity === s).length;
  expect(report.summary).toEqual({
    files: report.files.length,
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
  });
  return report;
}

/** stderr of a usage error: exactly one line, naming orchlint, with no stack trace. */
function expectOneLine(stderr: string): void {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^orchlint: /);
  expect(stderr).not.toMatch(/\n\s+at /);
}

let dir: string;

beforeAll(() => {
  dir = makeTempDir();
  writeTree(dir, {
    'packs/clean.promptpack.yaml': cleanPack,
    'packs/clean.pack.json': cleanPackJson,
    'packs/warnings.promptpack.yaml': warningPack,
    'packs/errors.promptpack.yaml': errorPack,
    'other/settings.yaml': 'name: not a pack\nretries: 3\n',
  });
});
afterAll(() => removeDir(dir));

describe('exit codes', () => {
  it('0 when there is nothing wrong', async () => {
    const r = await runCli(['packs/clean.promptpack.yaml', 'packs/clean.pack.json'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('✔ no problems (2 files checked)\n');
    expect(r.code).toBe(0);
  });

  it('0 with warnings only, 1 with --strict', async () => {
    expect((await runCli(['packs/warnings.promptpack.yaml'], { cwd: dir })).code).toBe(0);
    const strict = await runCli(['--strict', 'packs/warnings.promptpack.yaml'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('[promptpack/control-agent-on-terminal]');
  });

  it('1 when there are errors, with or without --strict', async () => {
    expect((await runCli(['packs/errors.promptpack.yaml'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['lint', '--strict', 'packs/errors.promptpack.yaml'], { cwd: dir })).code).toBe(1);
  });

  it('--max-warnings N: 1 only when there are more than N warnings', async () => {
    const report = parseReport(await runCli(['--format', 'json', 'packs/warnings.promptpack.yaml'], { cwd: dir }));
    const n = report.summary.warnings;
    expect(report.summary.errors).toBe(0);
    expect(n).toBeGreaterThan(0);
    expect((await runCli(['--max-warnings', String(n), 'packs/warnings.promptpack.yaml'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['--max-warnings', String(n - 1), 'packs/warnings.promptpack.yaml'], { cwd: dir })).code).toBe(
      1,
    );
    expect((await runCli(['--max-warnings', '0', 'packs/clean.promptpack.yaml'], { cwd: dir })).code).toBe(0);
  });

  it('2 and one line on stderr for a path that does not exist', async () => {
    const r = await runCli(['packs/missing.pack.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectOneLine(r.stderr);
    expect(r.stderr).toContain('packs/missing.pack.json');
  });

  it.each([
    [['--bogus']],
    [['--format', 'xml', 'packs']],
    [['--max-warnings', 'many', 'packs']],
    [['--max-warnings', '-1', 'packs']],
    [['--max-warnings']],
    [['--dialect', 'openapi', 'packs']],
    [['rules', '--format', 'yaml']],
  ])('2 and one line on stderr for bad usage: %j', async (args) => {
    const r = await runCli(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectOneLine(r.stderr);
  });

  it('3 and one line on stderr for an internal failure (no stack trace unless ORCHLINT_DEBUG)', async () => {
    const stderr: string[] = [];
    const previous = process.env.ORCHLINT_DEBUG;
    delete process.env.ORCHLINT_DEBUG;
    try {
      const code = await main([path.join(dir, 'packs/clean.pack.json')], {
        stdout: () => {
          throw new Error('EPIPE: the output went away');
        },
        stderr: (s) => stderr.push(s),
        color: false,
      });
      expect(code).toBe(3);
    } finally {
      if (previous !== undefined) process.env.ORCHLINT_DEBUG = previous;
    }
    expectOneLine(stderr.join(''));
    expect(stderr.join('')).toContain('EPIPE: the output went away');
  });
});

describe('JSON report, version 1', () => {
  it('has the shape DESIGN.md gives, checked against schemas/report-v1.schema.json', async () => {
    const r = await orchlintInProcess(['--format', 'json', 'packs'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const report = parseReport(r);
    expect(report.version).toBe(1);
    expect(report.tool).toEqual({ name: 'orchlint', version: cliVersion });
    expect(report.files).toEqual([
      { path: 'packs/clean.pack.json', dialect: 'promptpack' },
      { path: 'packs/clean.promptpack.yaml', dialect: 'promptpack' },
      { path: 'packs/errors.promptpack.yaml', dialect: 'promptpack' },
      { path: 'packs/warnings.promptpack.yaml', dialect: 'promptpack' },
    ]);
    const paths = report.diagnostics.map((d) => d.path);
    expect(new Set(paths)).toEqual(new Set(['packs/errors.promptpack.yaml', 'packs/warnings.promptpack.yaml']));
  });

  it('gives 1-based lines and columns for the exact range', async () => {
    const report = parseReport(
      await orchlintInProcess(['--format', 'json', 'packs/errors.promptpack.yaml'], { cwd: dir }),
    );
    const toolRef = report.diagnostics.filter((d) => d.rule === 'promptpack/tool-ref');
    const line = lineOf(errorPack, 'lookup_orders');
    const column = columnOf(errorPack, 'lookup_orders');
    expect(toolRef).toHaveLength(1);
    expect(toolRef[0]!.severity).toBe('error');
    expect(toolRef[0]!.range).toEqual({
      start: { line, column },
      end: { line, column: column + 'lookup_orders'.length },
    });
    expect(toolRef[0]!.message).toContain("did you mean 'lookup_order'?");
  });

  it('sorts diagnostics by path, line and column', async () => {
    const report = parseReport(await orchlintInProcess(['--format', 'json', '.'], { cwd: dir }));
    const keys = report.diagnostics.map((d) => [d.path, d.range.start.line, d.range.start.column] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
    expect(keys).toEqual(sorted);
  });

  it('prints paths relative to the current directory even for absolute arguments', async () => {
    const report = parseReport(
      await orchlintInProcess(['--format', 'json', path.join(dir, 'packs/errors.promptpack.yaml')], {
        cwd: path.join(dir, 'packs'),
      }),
    );
    expect(report.files).toEqual([{ path: 'errors.promptpack.yaml', dialect: 'promptpack' }]);
    expect(report.diagnostics.every((d) => d.path === 'errors.promptpack.yaml')).toBe(true);
  });

  it('is the whole of stdout, also when the run finds nothing', async () => {
    const report = parseReport(await runCli(['--format', 'json', 'packs/clean.pack.json'], { cwd: dir }));
    expect(report.diagnostics).toEqual([]);
    expect(report.summary).toEqual({ files: 1, errors: 0, warnings: 0, infos: 0 });
  });
});

describe('stylish format', () => {
  it('prints path:line:col, severity, message and [rule], the source line with the range underlined, and a summary', async () => {
    const r = await orchlintInProcess(['packs/errors.promptpack.yaml'], { cwd: dir });
    const lines = r.stdout.split('\n');
    const line = lineOf(errorPack, 'lookup_orders');
    const column = columnOf(errorPack, 'lookup_orders');
    const at = lines.findIndex((l) => l.endsWith('  [promptpack/tool-ref]'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at]).toMatch(
      new RegExp(
        `^packs/errors\\.promptpack\\.yaml:${line}:${column}  error  prompt 'answer' names tool 'lookup_orders', .+  \\[promptpack/tool-ref\\]$`,
      ),
    );
    const source = errorPack.split('\n')[line - 1]!;
    expect(lines[at + 1]).toBe(`  ${line} | ${source}`);
    expect(lines[at + 2]).toBe(
      `  ${' '.repeat(String(line).length)} | ${' '.repeat(column - 1)}${'^'.repeat('lookup_orders'.length)}`,
    );

    const report = parseReport(
      await orchlintInProcess(['--format', 'json', 'packs/errors.promptpack.yaml'], { cwd: dir }),
    );
    const { errors, warnings, infos } = report.summary;
    const total = errors + warnings + infos;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    expect(lines.at(-2)).toBe(
      `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${infos} info) in 1 file checked`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('prints no colour codes when NO_COLOR is set or stdout is not a terminal', async () => {
    const r = await runCli(['packs/errors.promptpack.yaml'], { cwd: dir });
    expect(r.stdout).not.toContain('\u001b[');
  });
});

describe('directories', () => {
  let project: string;
  beforeAll(() => {
    project = path.join(dir, 'project');
    writeTree(project, {
      'a.pack.json': cleanPackJson,
      'flows/b.promptpack.yaml': errorPack,
      'flows/.gitignore': 'generated/\n*.draft.promptpack.yaml\n',
      'flows/generated/c.promptpack.yaml': errorPack,
      'flows/d.draft.promptpack.yaml': errorPack,
      'flows/deep/er/.gitignore': 'scratch.pack.json\n',
      'flows/deep/er/scratch.pack.json': '{ "broken": ',
      'flows/deep/er/e.pack.json': cleanPackJson,
      '.gitignore': '# top level\n/ignored-at-root.pack.json\n',
      'ignored-at-root.pack.json': '{ "broken": ',
      'node_modules/some-lib/f.pack.json': '{ "broken": ',
      '.git/objects/g.pack.json': '{ "broken": ',
      'README.md': '# Packs\n\nNot a workflow.\n',
      'notes.txt': 'not linted\n',
      'settings.yaml': 'name: not a pack\nretries: 3\n',
      'package.json': '{ "name": "not-a-pack", "private": true }\n',
    });
  });

  it('walks folders, honours .gitignore files at any depth, skips node_modules and .git and unknown formats silently', async () => {
    const r = await orchlintInProcess(['--format', 'json', 'project'], { cwd: dir });
    const report = parseReport(r);
    expect(report.files).toEqual([
      { path: 'project/a.pack.json', dialect: 'promptpack' },
      { path: 'project/flows/b.promptpack.yaml', dialect: 'promptpack' },
      { path: 'project/flows/deep/er/e.pack.json', dialect: 'promptpack' },
    ]);
    expect(report.diagnostics.map((d) => d.path)).toEqual(
      report.diagnostics.map(() => 'project/flows/b.promptpack.yaml'),
    );
    expect(r.code).toBe(1);
  });

  it('lints "." when no path is given', async () => {
    const report = parseReport(await orchlintInProcess(['--format', 'json'], { cwd: project }));
    expect(report.files.map((f) => f.path)).toEqual([
      'a.pack.json',
      'flows/b.promptpack.yaml',
      'flows/deep/er/e.pack.json',
    ]);
  });

  it('reports an explicitly named file of unknown format, and lints it with --dialect', async () => {
    const named = await orchlintInProcess(['--format', 'json', 'project/settings.yaml'], { cwd: dir });
    const report = parseReport(named);
    expect(report.files).toEqual([{ path: 'project/settings.yaml', dialect: 'unknown' }]);
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({
      rule: 'core/unknown-format',
      severity: 'warning',
      path: 'project/settings.yaml',
    });
    expect(report.diagnostics[0]!.message).toContain('--dialect');
    expect(named.code).toBe(0);

    const forced = await orchlintInProcess(['--format', 'json', '--dialect', 'promptpack', 'project/settings.yaml'], {
      cwd: dir,
    });
    const asPack = parseReport(forced);
    expect(asPack.files).toEqual([{ path: 'project/settings.yaml', dialect: 'promptpack' }]);
    expect(asPack.diagnostics.some((d) => d.rule === 'promptpack/schema' && d.severity === 'error')).toBe(true);
    expect(forced.code).toBe(1);
  });

  it('lints a file that both a folder and an explicit path name once', async () => {
    const report = parseReport(
      await orchlintInProcess(['--format', 'json', 'project/a.pack.json', 'project'], { cwd: dir }),
    );
    expect(report.files.filter((f) => f.path === 'project/a.pack.json')).toHaveLength(1);
  });

  it("reads a multi-file unit in a folder whose name starts with '..' (it is inside the root, not above it)", async () => {
    const packet = path.join(repoRoot, 'fixtures/demo/packet');
    const files: Record<string, string> = {};
    for (const rel of [
      'prompt_runner_packet.md',
      'prompts/01_collect_changes.prompt.md',
      'prompts/02_publish_notes.prompt.md',
    ]) {
      const text = readFileSync(path.join(packet, rel), 'utf8');
      files[`dots/pk/${rel}`] = text;
      files[`dots/..pk/${rel}`] = text;
    }
    writeTree(dir, files);
    const report = parseReport(await orchlintInProcess(['--format', 'json', '.'], { cwd: path.join(dir, 'dots') }));
    const seen = (prefix: string) => ({
      files: report.files.filter((f) => f.path.startsWith(prefix)).map((f) => f.path.slice(prefix.length)),
      findings: report.diagnostics
        .filter((d) => d.path.startsWith(prefix))
        .map((d) => `${d.path.slice(prefix.length)}:${d.range.start.line} ${d.rule}`),
    });
    expect(seen('pk/').files).toHaveLength(3);
    expect(seen('..pk/')).toEqual(seen('pk/'));
  });
});

describe('the lint root', () => {
  it('a symbolic link inside the linted folder that points outside it is not followed', async () => {
    const root = makeTempDir();
    try {
      writeTree(root, {
        'outside/shared-part.yaml':
          'name: shared-part\ndescription: Kept outside the project.\nnodes:\n  - id: leak\n    bash: echo "$SECRET"\n',
        'proj/.archon/workflows/main.yaml':
          'name: main\ndescription: Uses a shared block.\nnodes:\n  - id: first\n    include: shared-part\n',
      });
      symlinkSync('../../../outside/shared-part.yaml', path.join(root, 'proj/.archon/workflows/shared-part.yaml'));
      const r = await orchlintInProcess(['--format', 'json', '.archon/workflows/main.yaml'], {
        cwd: path.join(root, 'proj'),
      });
      const report = JSON.parse(r.stdout) as {
        files: Array<{ path: string }>;
        diagnostics: Array<{ rule: string; message: string; path: string }>;
      };
      // The include cannot be read through the link, so it is reported as not found, and nothing outside is linted.
      expect(report.diagnostics.map((d) => d.rule)).toEqual(['archon/include-target']);
      expect(report.files.map((f) => f.path)).toEqual(['.archon/workflows/main.yaml']);
    } finally {
      removeDir(root);
    }
  });
});

describe('orchlint rules', () => {
  // The engine's findings, each dialect's own load findings (promptpack/empty-file, …) and the rules.
  const all = [...coreRules, ...dialects.flatMap((d) => d.findings ?? []), ...rules];
  const ids = all.map((r) => r.id).sort();

  it('lists every rule with its severity, the clause of the policy that gives it, and its basis', async () => {
    const r = await orchlintInProcess(['rules']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    for (const rule of all) {
      const at = lines.findIndex((l) => l.startsWith(rule.id + ' '));
      expect(at, rule.id).toBeGreaterThanOrEqual(0);
      expect(lines[at]).toMatch(new RegExp(`^${rule.id} +${rule.severity} +`));
      expect(lines[at + 1]).toMatch(
        new RegExp(`^ +${clauses[rule.clause].label} · (security audit, [a-z]+ confidence · )?basis: `),
      );
    }
    expect(r.stdout).toContain('archon/when-syntax');
    expect(lines[lines.findIndex((l) => l.startsWith('archon/when-syntax ')) + 1]).toMatch(/^ +never works · basis: /);
  });

  it('--format json: id, dialect, severity, clause, fixable, category (and a confidence for audits), summary, basis and a doc that exists', async () => {
    const r = await orchlintInProcess(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(listed.map((l) => l.id)).toEqual(ids);
    for (const l of listed) {
      const keys = ['basis', 'category', 'clause', 'dialect', 'doc', 'fixable', 'id', 'severity', 'summary'];
      expect(Object.keys(l).sort()).toEqual(l.category === 'security' ? [...keys, 'confidence'].sort() : keys);
      expect(['error', 'warning', 'info']).toContain(l.severity);
      expect(clauses[l.clause as keyof typeof clauses].severity).toBe(l.severity);
      expect(String(l.id).startsWith(`${String(l.dialect)}/`)).toBe(true);
      const [file, anchor] = String(l.doc).split('#') as [string, string | undefined];
      const doc = readFileSync(path.join(repoRoot, file), 'utf8');
      if (anchor) {
        // The engine's own findings are documented in a README section.
        expect(l.dialect).toBe('core');
        const headings = doc
          .split('\n')
          .filter((h) => h.startsWith('#'))
          .map((h) =>
            h
              .replace(/^#+ /, '')
              .toLowerCase()
              .replace(/[^a-z0-9 -]/g, '')
              .replace(/ /g, '-'),
          );
        expect(headings).toContain(anchor);
      } else {
        expect(doc.split('\n')[0]).toBe(`# ${String(l.id)}`);
      }
    }
  });
});

describe('--version and --help', () => {
  it('--version prints the version of the cli package', async () => {
    for (const flag of ['--version', '-v']) {
      const r = await orchlintInProcess([flag]);
      expect(r).toEqual({ code: 0, stdout: `${cliVersion}\n`, stderr: '' });
    }
  });

  it('--help lists the commands, lint --help its options', async () => {
    const top = await orchlintInProcess(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^Usage: orchlint /);
    expect(top.stdout).toMatch(/^\s+lint \[options\] \[paths\.\.\.\]/m);
    expect(top.stdout).toMatch(/^\s+rules \[options\]/m);
    const lint = await orchlintInProcess(['lint', '--help']);
    expect(lint.code).toBe(0);
    for (const option of ['--format <format>', '--strict', '--max-warnings <n>', '--dialect <dialect>'])
      expect(lint.stdout).toContain(option);
  });
});
