import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty } from '@orchlint/cli';
import { formatters, type FormatContext } from '../../packages/cli/dist/formatters/index.js';
import { writeOutputs } from '../../packages/cli/dist/outputs.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { sarifValidator } from '../support/sarif.js';

/** A pack with an agent cycle (related locations) and a terminal agent state (a fix). */
const packs = {
  'packs/support.promptpack.yaml': terminalAgentPack,
  'packs/loop.pack.json': readFileSync(new URL('../../fixtures/demo/research.pack.json', import.meta.url), 'utf8'),
};

describe('--format sarif', async () => {
  const dir = tempFiles(packs);
  const run = await orchlintInProcess(['--format', 'sarif', 'packs'], { cwd: dir });
  const log = JSON.parse(run.stdout);
  const results = log.runs[0].results as any[];

  it('validates against the SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    if (!validate) return;
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('has what GitHub code scanning requires', async () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    const driver = log.runs[0].tool.driver;
    expect(driver.name).toBe('orchlint');
    const rule = driver.rules.find((r: any) => r.id === 'promptpack/control-agent-on-terminal');
    expect(rule.shortDescription.text).toMatch(/terminal/);
    expect(rule.fullDescription.text).toMatch(/RFC 0014/);
    expect(rule.help.text.length).toBeGreaterThan(0);
    expect(rule.helpUri).toBe(
      'https://github.com/orchlint/orchlint/blob/main/rules/promptpack/control-agent-on-terminal.md',
    );
    expect(rule.defaultConfiguration.level).toBe('warning');
    // The severity policy's clause that gives the default level: 'control: agent' there is dropped.
    expect(rule.properties.clause).toBe('dropped');
    // The rules that have results, each once; --sarif-all-rules describes every rule.
    expect(driver.rules.map((r: any) => r.id)).toEqual([...new Set(results.map((r) => r.ruleId))].sort());
    const all = JSON.parse(
      (await orchlintInProcess(['--format', 'sarif', '--sarif-all-rules', 'packs'], { cwd: dir })).stdout,
    );
    expect(all.runs[0].tool.driver.rules.some((r: any) => r.id === 'core/unused-suppression')).toBe(true);
    for (const r of results) {
      expect(driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(r.message.text.length).toBeGreaterThan(0);
      expect(r.partialFingerprints.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:\d+$/);
    }
  });

  it('places results with 1-based regions, related locations and fixes', () => {
    const terminal = results.find((r) => r.ruleId === 'promptpack/control-agent-on-terminal');
    expect(terminal.level).toBe('warning');
    expect(terminal.locations[0].physicalLocation.artifactLocation.uri).toBe('packs/support.promptpack.yaml');
    expect(terminal.locations[0].physicalLocation.region).toEqual({
      startLine: 19,
      startColumn: 7,
      endLine: 19,
      endColumn: 14,
    });
    expect(terminal.relatedLocations[0].physicalLocation.region.startLine).toBe(18);
    expect(terminal.relatedLocations[0].message.text).toMatch(/completes/);
    expect(terminal.fixes[0].description.text).toMatch(/Remove/);
    expect(terminal.fixes[0].artifactChanges[0].replacements[0].deletedRegion.charLength).toBeGreaterThan(0);
    const cycle = results.find((r) => r.ruleId === 'promptpack/agent-cycle-without-exit');
    expect(cycle.locations[0].physicalLocation.artifactLocation.uri).toBe('packs/loop.pack.json');
    expect(cycle.relatedLocations.length).toBe(2);
  });

  it('keeps fingerprints when lines move', async () => {
    const moved = tempFiles({
      'packs/support.promptpack.yaml': '# a new header line\n# and another\n' + terminalAgentPack,
    });
    const again = JSON.parse((await orchlintInProcess(['--format', 'sarif', 'packs'], { cwd: moved })).stdout).runs[0]
      .results as any[];
    const before = results.find((r) => r.ruleId === 'promptpack/control-agent-on-terminal');
    expect(again[0].locations[0].physicalLocation.region.startLine).toBe(21);
    expect(again[0].partialFingerprints).toEqual(before.partialFingerprints);
  });
});

describe('--format github', () => {
  it('prints one workflow command per finding, severities mapped, properties escaped', async () => {
    const dir = tempFiles({ 'odd,name:1%.promptpack.yaml': terminalAgentPack });
    const run = await orchlintInProcess(['--format', 'github', '.'], { cwd: dir });
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      '::warning file=odd%2Cname%3A1%25.promptpack.yaml,line=19,col=7,endLine=19,endColumn=14,title=promptpack/control-agent-on-terminal::' +
        "state 'done' is terminal, so 'control: agent' never gets another round: the workflow ends after this state's prompt; remove 'control', or drop 'terminal: true' if the agent should continue",
    );
    expect(lines.at(-1)).toBe('orchlint: 0 error(s), 1 warning(s), 0 info in 1 file');
  });

  it('escapes %, CR and LF in messages, and also : and , in properties', () => {
    expect(escapeData('50% done\r\nnext: a, b')).toBe('50%25 done%0D%0Anext: a, b');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });
});

describe('--format junit', () => {
  it('writes one testcase per linted file, failing those with errors (and warnings under --strict)', async () => {
    const dir = tempFiles({ ...packs, 'packs/broken.pack.json': '{ "id": "x", ' });
    const plain = (await orchlintInProcess(['--format', 'junit', 'packs'], { cwd: dir })).stdout;
    expect(plain).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="orchlint" tests="3" failures="1"/,
    );
    expect(plain.match(/<testcase /g)).toHaveLength(3);
    expect(plain).toMatch(
      /<testcase name="packs\/broken.pack.json"[^>]*>\s*<failure message="\d+ problems?: core\/json-syntax"/,
    );
    expect(plain).toMatch(/<testcase name="packs\/support.promptpack.yaml"[^>]*>\s*<system-out>/);
    const strict = (await orchlintInProcess(['--format', 'junit', '--strict', 'packs'], { cwd: dir })).stdout;
    expect(strict).toMatch(/tests="3" failures="3"/);
  });
});

describe('--format compact', () => {
  it('prints path:line:col: severity message [rule]', async () => {
    const dir = tempFiles(packs);
    const run = await orchlintInProcess(['--format', 'compact', 'packs'], { cwd: dir });
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^packs\/loop\.pack\.json:18:7: warning states research → critique → research .* \[promptpack\/agent-cycle-without-exit\]$/,
    );
    expect(lines[1]).toMatch(/^packs\/loop\.pack\.json:18:59: info 2 states .* \[promptpack\/control-level\]$/);
    expect(lines[2]).toMatch(
      /^packs\/support\.promptpack\.yaml:19:7: warning state 'done' is terminal.* \[promptpack\/control-agent-on-terminal\]$/,
    );
  });
});

describe('several reports in one run', () => {
  it('sends each format to its own --output and one to standard output', async () => {
    const dir = tempFiles(packs);
    const run = await orchlintInProcess(
      [
        '--format',
        'stylish',
        '--format',
        'sarif',
        '--output',
        'sarif=reports/out.sarif',
        '--output',
        'junit=reports/junit.xml',
        'packs',
      ],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✖ 3 problems \(0 errors, 2 warnings, 1 info\) in 2 files checked/);
    expect(JSON.parse(readFileSync(path.join(dir, 'reports/out.sarif'), 'utf8')).runs[0].results).toHaveLength(3);
    expect(readFileSync(path.join(dir, 'reports/junit.xml'), 'utf8')).toMatch(/<testsuites/);
  });

  it('takes a bare --output for the one chosen format', async () => {
    const dir = tempFiles(packs);
    const run = await orchlintInProcess(['--format', 'json', '--output', 'report.json', 'packs'], { cwd: dir });
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')).summary.warnings).toBe(2);
  });

  it('refuses two formats on standard output, and unknown formats, with exit 2', async () => {
    const dir = tempFiles(packs);
    const two = await orchlintInProcess(['--format', 'json', '--format', 'sarif', 'packs'], { cwd: dir });
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/only one report can go to standard output .*--output FORMAT=FILE/);
    const unknown = await orchlintInProcess(['--format', 'xml', 'packs'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown format 'xml'/);
  });
});

describe('a report that cannot be finished', () => {
  const context: FormatContext = { color: false, source: () => undefined, rules: [], strict: false };
  const empty = { files: [], diagnostics: [] };

  it('is removed, not left half written, when its formatter fails midway; the failure is no write error', () => {
    const file = path.join(tempFiles({}), 'out/report.json');
    const json = formatters.json!;
    formatters.json = function* () {
      yield 'x'.repeat(100_000);
      throw new Error('the formatter failed');
    };
    try {
      expect(() => writeOutputs({ outputs: [{ format: 'json', file }] }, empty, context, () => {})).toThrow(
        /^the formatter failed$/,
      );
    } finally {
      formatters.json = json;
    }
    expect(existsSync(file)).toBe(false);
  });

  it.runIf(existsSync('/dev/full'))('on a full device is a usage error of one line; the device stays', async () => {
    const run = await orchlintInProcess(['--format', 'json', '--output', 'json=/dev/full', 'packs'], {
      cwd: tempFiles(packs),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'orchlint: cannot write the json report to /dev/full: ENOSPC: no space left on device, write\n',
    );
    expect(existsSync('/dev/full')).toBe(true);
  });
});
