import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/no-prompts';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/no-prompts',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis: 'Prompt Runner packet doctor `no_prompts` ("packet has no prompts"); packet lint passes such a packet',
  summary: 'a packet with no prompts runs nothing',
  check(model, report) {
    // A prompt_dir that does not exist is prompt-runner/prompt-dir-missing's.
    if (
      model.kind !== 'packet' ||
      !model.manifest ||
      model.prompts.length ||
      (model.promptDirField && !model.promptDirExists)
    )
      return;
    report({
      at: { start: 0, end: Math.min(3, model.manifest.file.source.text.length) },
      source: model.manifest.file.source,
      message: `Prompt Runner loads this packet, but every run does nothing: it has no prompts, since '${model.promptDir}' holds no *.prompt.md (or *.md) file; add NN_name.prompt.md files there (prompt_runner prompt new), or set prompt_dir`,
    });
  },
});
