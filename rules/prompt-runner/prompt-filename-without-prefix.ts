import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt_filename_without_prefix';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-filename-without-prefix',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `prompt_filename_without_prefix` (prompts run in filename order)',
  summary: 'a prompt file name must start with its number (NN_name.prompt.md)',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      if (p.filenamePrefix !== undefined) continue;
      report({
        at: { start: 0, end: p.file.source.lineEnd(0) },
        source: p.file.source,
        message:
          'prompt filename has no numeric prefix, so it sorts last by basename; prompts are ordered by the filename prefix, not by id:',
      });
    }
  },
});
