import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { inspect, promptRunner, type WorkspaceModel } from '@orchlint/prompt-runner';

const BASE =
  'schema: prompt_runner.workspace/v1\nid: ops\nrepositories:\n  app:\n    remote: git@example.com:o/app.git\n';

function reasons(text: string): string[] {
  const model = promptRunner.load(new Source('workspace.yml', text), memoryHost({ 'workspace.yml': text }), {})
    .model as WorkspaceModel;
  return model.problems.filter((p) => !p.silent).map((p) => inspect(p.reason));
}

describe('workspace manifest load errors, as Workspace.Manifest.load/1 reports them', () => {
  it.each([
    [BASE, []],
    ['schema: prompt_runner.workspace/v1\nid: ops\n', [':workspace_repositories_invalid']],
    [BASE + 'extra: 1\n', ['{:unknown_workspace_keys, [], ["extra"]}']],
    [
      'schema: prompt_runner.workspace/v2\nid: ops\nrepositories: {a: {remote: r}}\n',
      ['{:unsupported_workspace_schema, "prompt_runner.workspace/v2"}'],
    ],
    [BASE.replace('id: ops', 'id: ""'), ['{:invalid_workspace_value, ["id"], ""}']],
    [BASE.replace('id: ops\n', ''), ['{:missing_workspace_key, "id"}']],
    [BASE.replace('id: ops', 'id: "-ops"'), ['{:invalid_workspace_id, "-ops"}']],
    ['schema: prompt_runner.workspace/v1\nid: ops\nrepositories: {}\n', [':workspace_repositories_empty']],
    [BASE + '    colour: red\n', ['{:unknown_workspace_keys, ["repositories", "app"], ["colour"]}']],
    [
      BASE.replace('    remote: git@example.com:o/app.git\n', '    ref: main\n'),
      ['{:missing_workspace_key, "repositories.app.remote"}'],
    ],
    [BASE + '    source: 5\n', ['{:invalid_source_path, 5}']],
    [BASE + 'packet: docs/packet\n', ['{:invalid_workspace_packet, "docs/packet"}']],
    [BASE + 'packet: {repo: docs, path: p}\n', ['{:unknown_packet_repo, "docs"}']],
    [BASE + 'packet: {repo: app, path: ../p}\n', ['{:workspace_packet_path_escape, "../p"}']],
    [BASE + 'packet: {repo: app}\n', ['{:missing_workspace_key, "packet.path"}']],
    [BASE + 'requires: {capabilities: verifier.argv}\n', ['{:invalid_string_list, "verifier.argv"}']],
    [BASE + 'contracts: {modules: [1]}\n', ['{:invalid_string_list, [1]}']],
    [BASE + 'contracts: {artifacts: {id: x}}\n', ['{:invalid_contract_artifacts, %{"id" => "x"}}']],
    [
      BASE + 'contracts:\n  artifacts:\n    - {id: c, repo: lib, project: p}\n',
      ['{:unknown_artifact_repo, "c", "lib"}'],
    ],
    [
      BASE + 'contracts:\n  artifacts:\n    - {id: c, repo: app, project: p, type: mix}\n',
      ['{:unsupported_artifact_type, "c", "mix"}'],
    ],
    [
      BASE + 'contracts:\n  artifacts:\n    - {id: c, repo: app, project: p}\n    - {id: c, repo: app, project: q}\n',
      [':duplicate_artifact_ids'],
    ],
    [BASE + 'operator: {workspace_root: roots/data}\n', ['{:workspace_root_not_absolute, "roots/data"}']],
    [BASE + 'operator: {runtime_root: 5}\n', ['{:invalid_workspace_root, :state, 5}']],
    [
      BASE +
        'operator: {containment: none, workspace_root: auto, runtime_root: /srv/state}\ncommits: {mode: any}\nfailure_policy: anything\n',
      [],
    ],
  ] as Array<[string, string[]]>)('%j', (text, expected) => {
    expect(reasons(text)).toEqual(expected);
  });

  it('says when a section that is not a mapping is silently read as empty', () => {
    const text = BASE + 'requires: [verifier.argv]\n';
    const model = promptRunner.load(new Source('w.yml', text), memoryHost({ 'w.yml': text }), {})
      .model as WorkspaceModel;
    expect(model.problems.map((p) => [p.silent, p.message.includes('silently ignores it')])).toEqual([[true, true]]);
  });

  it('is linted as the oldest release its requirement admits', () => {
    const text = BASE + 'requires: {prompt_runner: ">= 0.13.0"}\n';
    const model = promptRunner.load(new Source('w.yml', text), memoryHost({ 'w.yml': text }), {})
      .model as WorkspaceModel;
    expect(model.version).toBe('0.13.0');
  });
});
