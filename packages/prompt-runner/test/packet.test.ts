import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { inspect, promptRunner, type PacketModel, type PromptRunnerModel } from '@orchlint/prompt-runner';

const MANIFEST =
  '---\nname: "demo"\nrepos:\n  app: { path: "./app", default: true }\n  docs: { path: "./docs" }\n---\n# Demo\n';
const prompt = (fm: string) => `---\n${fm}---\n# Prompt\n`;

function load(
  files: Record<string, string>,
  main = 'prompt_runner_packet.md',
  targets = {},
): PromptRunnerModel | undefined {
  return promptRunner.load(new Source(main, files[main]!), memoryHost(files), targets).model;
}
const packet = (files: Record<string, string>, targets = {}) =>
  load({ 'prompt_runner_packet.md': MANIFEST, ...files }, 'prompt_runner_packet.md', targets) as PacketModel;

describe('prompt discovery and order, as DirectorySource does it', () => {
  it('orders by the zero-padded numeric prefix, then basename; unprefixed files last; ignores checklists and dotfiles', () => {
    const model = packet({
      'prompts/10_last.prompt.md': prompt('id: 10\n'),
      'prompts/2_second.prompt.md': prompt('id: 2\n'),
      'prompts/02_also.prompt.md': prompt('id: 3\n'),
      'prompts/zeta.prompt.md': prompt(''),
      'prompts/alpha.prompt.md': prompt(''),
      'prompts/01_first.prompt.checklist.md': '# Checklist 01\n',
      'prompts/.01_hidden.prompt.md': prompt(''),
    });
    expect(model.prompts.map((p) => p.file.name)).toEqual([
      '02_also.prompt.md',
      '2_second.prompt.md',
      '10_last.prompt.md',
      'alpha.prompt.md',
      'zeta.prompt.md',
    ]);
  });

  it('falls back to every *.md when the prompt folder has no *.prompt.md, and honours prompt_dir', () => {
    const model = load({
      'prompt_runner_packet.md': '---\nprompt_dir: "steps"\n---\n',
      'steps/01_a.md': prompt(''),
      'steps/02_a.checklist.md': '# not a prompt, but the fallback reads it\n',
    }) as PacketModel;
    expect(model.prompts.map((p) => p.file.name)).toEqual(['01_a.md', '02_a.checklist.md']);
  });

  it('normalizes ids like normalize_num/1 and marks the ones that crash the runner', () => {
    const model = packet({
      'prompts/01_a.prompt.md': prompt('id: 1\n'),
      'prompts/02_b.prompt.md': prompt('num: "002"\n'),
      'prompts/03_c.prompt.md': prompt(''),
      'prompts/04_d.prompt.md': prompt('id: "intro"\n'),
      'prompts/05_e.prompt.md': prompt('id: 5.0\n'),
      'prompts/f.prompt.md': prompt(''),
    });
    expect(model.prompts.map((p) => p.id)).toEqual(['01', '02', '03', undefined, undefined, '01']);
  });

  it('reads front matter only where the runner finds it', () => {
    const model = packet({
      'prompts/01_crlf.prompt.md': '---\r\nid: 9\r\n---\r\n# Body\r\n',
      'prompts/02_bom.prompt.md': '\ufeff---\nid: 9\n---\n',
      'prompts/03_empty.prompt.md': '---\n---\n# Body\n',
      'prompts/04_blank.prompt.md': '---\n\n---\nbody\n',
      'prompts/05_fence.prompt.md': '---\nid: 5\n----\nbody\n',
    });
    const [crlf, bom, empty, blank, fence] = model.prompts;
    expect([crlf!.file.unread, bom!.file.unread, empty!.file.unread]).toEqual(['crlf', 'bom', undefined]);
    expect([crlf!.id, bom!.id, empty!.id]).toEqual(['01', '02', '03']);
    expect(empty!.file.body).toBe('---\n---\n# Body\n');
    expect(blank!.file.body).toBe('body\n');
    expect(fence!.id).toBe('05');
    expect(fence!.file.body).toBe('-\nbody\n');
  });

  it('infers targets from a legacy Repository Root section and commands from Validation Commands', () => {
    const model = packet({
      'prompts/01_a.prompt.md':
        '---\nid: 1\n---\n# A\n\n## Repository Root\n\n- `/src/my-app`\n\n## Validation Commands\n\n- `timeout 60 mix test`\n- `mix credo`\n',
    });
    const p = model.prompts[0]!;
    expect(p.targets?.map((t) => [t.text, t.inferred])).toEqual([['my_app', true]]);
    expect(p.contract.commands.map((c) => c.shell?.text)).toEqual(['timeout 60 mix test', 'mix credo']);
    expect(p.contract.evaluable).toBe(2);
  });

  it('reads the file being linted from its editor buffer, the others through the host', () => {
    const files = { 'prompt_runner_packet.md': MANIFEST, 'prompts/01_a.prompt.md': prompt('id: 1\n') };
    const buffer = new Source('prompts/01_a.prompt.md', prompt('id: 1\ntargets: [docs]\n'));
    const result = promptRunner.load(buffer, memoryHost(files), {});
    const model = result.model as PacketModel;
    expect(model.prompts[0]!.targets?.map((t) => t.text)).toEqual(['docs']);
    expect(result.sources.map((s) => s.path)).toEqual(['prompts/01_a.prompt.md', 'prompt_runner_packet.md']);
  });

  it('detects manifests and workspace manifests as units and prompt files as members', () => {
    expect(promptRunner.detect('x/prompt_runner_packet.md', '')).toBe('unit');
    expect(promptRunner.detect('ops.yml', 'schema: prompt_runner.workspace/v1\nid: x\n')).toBe('unit');
    expect(promptRunner.detect('x/prompts/01.prompt.md', '')).toBe('member');
    expect(promptRunner.detect('notes.md', '---\nid: 1\n---\n')).toBe(false);
  });
});

describe('agent_control validated as AgentControl.config/1, check by check', () => {
  const reason = (block: string) => {
    const model = load({
      'prompt_runner_packet.md': `---\nrepos:\n  app: { path: ./app, default: true }\nagent_control: ${block}\n---\n`,
    }) as PacketModel;
    const problem = model.agentControl?.problem;
    return problem ? inspect(problem.reason) : model.agentControl?.enabled;
  };
  const finish = '{commands: [{exec: "@repo:app/check", timeout_ms: 1000}]}';
  it.each([
    ['true', '{:invalid_agent_control, true}'],
    ['{enabld: true, other: 1}', '{:unknown_agent_control_options, ["enabld", "other"]}'],
    ['{enabled: "yes", default_action: finish}', '{:invalid_agent_control_enabled, "yes"}'],
    [
      `{default_action: finish, max_iterations: 0, completion_verify: ${finish}}`,
      '{:invalid_agent_control_default_action, "finish"}',
    ],
    ['{enabled: false, default_action: blocked}', '{:invalid_agent_control_default_action, "blocked"}'],
    ['{enabled: false, max_iterations: "20"}', '{:invalid_agent_control_max_iterations, "20"}'],
    ['{enabled: false, max_iterations: 2.0}', '{:invalid_agent_control_max_iterations, 2.0}'],
    ['{completion_verify: [x]}', '{:invalid_agent_control_completion_verify, ["x"]}'],
    ['{}', ':agent_control_completion_verify_required'],
    ['{completion_verify: {commandz: [x]}}', ':agent_control_completion_verify_required'],
    [`{default_action: " REPEAT ", completion_verify: ${finish}}`, true],
    ['{enabled: false, completion_verify: nonsense}', false],
    ['null', undefined],
  ])('%s → %s', (block, expected) => {
    expect(reason(block)).toBe(expected);
  });
});

describe('execution (0.13) validated as CompletionPolicy.normalize/1', () => {
  const reason = (block: string, version = '0.13.0') => {
    const model = load({ 'prompt_runner_packet.md': `---\nexecution: ${block}\n---\n` }, 'prompt_runner_packet.md', {
      'prompt-runner': version,
    }) as PacketModel;
    return model.execution?.problem ? inspect(model.execution.problem.reason) : model.execution?.completion;
  };
  it.each([
    ['{}', 'verifier_owned'],
    ['{completion: verifier_owned, incomplete: fail}', 'verifier_owned'],
    ['{completion: agent_owned, incomplete: repeat}', 'agent_owned'],
    ['{completion: agent_owned}', '{:agent_owned_requires, %{incomplete: :repeat}}'],
    ['{completion: verifier_owned, incomplete: repeat}', '{:invalid_incomplete_policy, :verifier_owned, :repeat}'],
    ['{completion: agent_owned, incomplete: later}', '{:invalid_incomplete_policy, :agent_owned, "later"}'],
    ['{incomplete: fail}', '{:invalid_completion, nil}'],
    ['{completion: Agent_Owned, incomplete: repeat}', '{:invalid_completion, "Agent_Owned"}'],
    ['{mode: x}', '{:unknown_execution_keys, ["mode"]}'],
    ['agent_owned', '{:invalid_execution, "agent_owned"}'],
  ])('%s → %s', (block, expected) => {
    expect(reason(block)).toBe(expected);
  });
  it('is ignored before 0.13', () => {
    expect(reason('{completion: agent_owned}', '0.12.1')).toBeUndefined();
  });
});
