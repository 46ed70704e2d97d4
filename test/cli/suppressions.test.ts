import { describe, expect, it } from 'vitest';
import { defineRule, lintUnit, memoryHost, Source, type Dialect, type LintSettings } from '@orchlint/core';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

const RULE = 'promptpack/control-agent-on-terminal';

/** The demo pack with a comment line inserted before the `control: agent` line (line 19). */
const withComment = (comment: string, pack = terminalAgentPack) =>
  pack.replace('      control: agent\n', `      ${comment}\n      control: agent\n`);

const lint = async (files: Record<string, string>, args: string[] = []) => {
  const r = await orchlintInProcess(['--format', 'compact', ...args, '.'], { cwd: tempFiles(files) });
  return { code: r.code, lines: r.stdout.trim().split('\n').filter(Boolean) };
};

describe('suppression comments in YAML', () => {
  it('orchlint-disable-next-line silences the rule on the next line holding content', async () => {
    const r = await lint({
      'a.promptpack.yaml': withComment(`# orchlint-disable-next-line ${RULE} -- the runtime ignores it anyway`),
    });
    expect(r).toEqual({ code: 0, lines: [] });
  });

  it('orchlint-disable-line silences a finding on its own line; several rules may be named', async () => {
    const pack = terminalAgentPack.replace(
      '      control: agent\n',
      `      control: agent  # orchlint-disable-line promptpack/dead-end-state, ${RULE} -- reviewed\n`,
    );
    const r = await lint({ 'a.promptpack.yaml': pack });
    expect(r.lines).toEqual([
      "a.promptpack.yaml:19:47: warning 'orchlint-disable-line promptpack/dead-end-state' silences nothing on the line it covers; remove it (or the rule id) so it cannot hide a future finding [core/unused-suppression]",
    ]);
  });

  it('orchlint-disable-file silences the rule in the whole file', async () => {
    expect(
      (await lint({ 'a.promptpack.yaml': `# orchlint-disable-file ${RULE}\n${terminalAgentPack}` })).lines,
    ).toEqual([]);
  });

  it('orchlint-disable … orchlint-enable silences a range', async () => {
    const inside = withComment(`# orchlint-disable ${RULE} -- legacy states`).replace(
      '  # trailing comment stays',
      `  # orchlint-enable ${RULE}`,
    );
    expect((await lint({ 'a.promptpack.yaml': inside })).lines).toEqual([]);
    const before =
      `# orchlint-disable ${RULE}\nid: x\n# orchlint-enable\n` +
      terminalAgentPack.replace(/^# Support pack.*\nid: support\n/, '');
    expect((await lint({ 'a.promptpack.yaml': before })).lines).toEqual([
      expect.stringMatching(
        /^a.promptpack.yaml:1:20: warning 'orchlint-disable promptpack\/control-agent-on-terminal' silences nothing in its range/,
      ),
      expect.stringMatching(/^a.promptpack.yaml:20:7: warning state .done. is terminal/),
    ]);
  });

  it('reports unknown rule ids (with a suggestion) and directives that name no rule', async () => {
    const r = await lint({
      'a.promptpack.yaml': withComment('# orchlint-disable-next-line promptpack/control-agent-on-terminl').replace(
        'id: support',
        '# orchlint-disable-file\nid: support',
      ),
    });
    expect(r.lines).toEqual([
      expect.stringMatching(
        /^a.promptpack.yaml:2:1: warning 'orchlint-disable-file' names no rule; write the rule id\(s\) to silence.*\[core\/invalid-suppression\]$/,
      ),
      "a.promptpack.yaml:20:36: warning unknown rule 'promptpack/control-agent-on-terminl' (did you mean 'promptpack/control-agent-on-terminal'?); `orchlint rules` lists every rule id [core/invalid-suppression]",
      expect.stringMatching(/^a.promptpack.yaml:21:7: warning state 'done' is terminal/),
    ]);
  });

  it('is not fooled by a directive inside a string or block scalar', async () => {
    const pack = terminalAgentPack.replace(
      'system_template: Wrap up.',
      `system_template: "# orchlint-disable-file ${RULE}"`,
    );
    expect((await lint({ 'a.promptpack.yaml': pack })).lines).toEqual([
      expect.stringMatching(/:19:7: warning state 'done'/),
    ]);
  });

  it('requires a reason under --strict', async () => {
    const bare = await lint({ 'a.promptpack.yaml': withComment(`# orchlint-disable-next-line ${RULE}`) }, ['--strict']);
    expect(bare.code).toBe(1);
    expect(bare.lines).toEqual([
      `a.promptpack.yaml:19:7: warning this suppression gives no reason; add one after ' -- ' (e.g. '-- reviewed: the loop ends through a tool call') [core/suppression-without-reason]`,
    ]);
    expect(
      await lint(
        { 'a.promptpack.yaml': withComment(`# orchlint-disable-next-line ${RULE} -- kept for the v1 runtime`) },
        ['--strict'],
      ),
    ).toEqual({ code: 0, lines: [] });
  });

  it('a rule turned off in the config leaves its suppressions unreported', async () => {
    const files = {
      'orchlint.config.yaml': `rules:\n  ${RULE}: off\n`,
      'a.promptpack.yaml': withComment(`# orchlint-disable-next-line ${RULE} -- x`),
    };
    expect((await lint(files)).lines).toEqual([]);
  });
});

/** A stand-in dialect for Markdown units with a second file: flags every line that says FLAG. */
const flag = defineRule<{ sources: Source[] }>({
  id: 'fake/flag',
  dialect: 'fake',
  severity: 'error',
  clause: 'never-works',
  basis: 'test',
  summary: 'FLAG',
  check(model, report) {
    for (const source of model.sources) {
      for (const m of source.text.matchAll(/FLAG/g))
        report({ at: { start: m.index, end: m.index + 4 }, source, message: 'flagged' });
    }
  },
});
const fake: Dialect<{ sources: Source[] }> = {
  id: 'fake',
  detect: () => 'unit',
  load(source, host) {
    const other = host.readFile('prompts/02.prompt.md');
    const sources = [source, ...(other === undefined ? [] : [new Source('prompts/02.prompt.md', other)])];
    return { model: { sources }, diagnostics: [], sources };
  },
};
const settings: LintSettings = { rules: {}, targets: {} };
const lintMd = (files: Record<string, string>) => {
  const main = Object.keys(files)[0]!;
  return lintUnit(new Source(main, files[main]!), fake, [flag], memoryHost(files), settings).diagnostics.map(
    (d) => `${d.path}:${d.range.start.line + 1} ${d.rule}`,
  );
};

describe('suppression comments in Markdown (engine level, any dialect)', () => {
  it('reads # comments in front matter and <!-- --> comments in the body, in every file of the unit', () => {
    const packet = [
      '---',
      'title: FLAG one # orchlint-disable-line fake/flag -- a title may say it',
      '# orchlint-disable-next-line fake/flag -- the next one too',
      'name: FLAG two',
      'other: FLAG three',
      '---',
      'Body FLAG four',
      '<!-- orchlint-disable-next-line fake/flag -- quoted from upstream -->',
      'Body FLAG five',
      '```md',
      '<!-- orchlint-disable-next-line fake/flag -->',
      'FLAG six, in an example',
      '```',
    ].join('\n');
    const prompt = '<!-- orchlint-disable-file fake/flag -- generated -->\n---\nx: FLAG\n---\nFLAG\n';
    expect(lintMd({ 'prompt_runner_packet.md': packet, 'prompts/02.prompt.md': prompt })).toEqual([
      'prompt_runner_packet.md:5 fake/flag',
      'prompt_runner_packet.md:7 fake/flag',
      'prompt_runner_packet.md:12 fake/flag',
    ]);
  });

  it('reports unused directives in member files at the rule id', () => {
    expect(
      lintMd({
        'main.md': 'nothing\n',
        'prompts/02.prompt.md': 'x\n<!-- orchlint-disable-next-line fake/flag -- stale -->\ny\n',
      }),
    ).toEqual(['prompts/02.prompt.md:2 core/unused-suppression']);
  });
});
