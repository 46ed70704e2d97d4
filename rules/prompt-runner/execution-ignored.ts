import { defineRule } from '@orchlint/core';
import { atLeast, termOf, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/execution-ignored';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/execution-ignored',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner 0.12.1 Packet.merged_options/2 does not keep execution (0.13.0 adds it): before 0.13 the block is silently ignored',
  summary: 'an execution: block that the targeted Prompt Runner release ignores',
  check(model, report) {
    if (
      model.kind !== 'packet' ||
      !model.manifest?.tree ||
      !model.manifest.attributes ||
      atLeast(model.version, '0.13.0')
    )
      return;
    const e = model.manifest.tree.entry(model.manifest.attributes, 'execution');
    if (!e || termOf(model.manifest.tree, e.value) === null) return;
    report({
      at: e.keyNode,
      source: model.manifest.file.source,
      message: `Prompt Runner ${model.version} ignores execution (it arrived in 0.13.0), so completion stays verifier-owned whatever it says; target 0.13.0 (targets: { prompt-runner: 0.13.0 }, or requires.prompt_runner in the workspace manifest) or remove the block`,
    });
  },
});
