import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/prompt-no-targets';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-no-targets',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'Prompt Runner packet doctor `prompt_no_targets` ("prompt has no targets"); packet lint does not report it',
  summary: 'a prompt of a packet with repos should name its targets',
  check(model, report) {
    // Without repos there is nothing to target: every prompt runs in the packet root either way.
    if (model.kind !== 'packet' || !model.manifest || !model.repoNames.length) return;
    for (const p of model.prompts) {
      if (p.targets?.length) continue;
      const targetsKey =
        p.file.tree && p.file.attributes ? p.file.tree.entry(p.file.attributes, 'targets')?.keyNode : undefined;
      report({
        at: targetsKey ?? { start: 0, end: Math.min(3, p.file.source.text.length) },
        source: p.file.source,
        message: p.targets
          ? `targets is empty, so the prompt runs in the packet root, outside every repo of the packet; list the repos it works in, e.g. targets: [${model.repoNames[0]}]`
          : `the prompt names no targets, so it runs in the default repo '${model.repos.find((r) => r.isDefault)?.name.value ?? model.repoNames[0]}' whatever it works on; list the repos it works in, e.g. targets: [${model.repoNames[0]}]`,
      });
    }
  },
});
