import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'inert_front_matter_key';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/inert-front-matter-key',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner 0.12.1 packet lint `inert_front_matter_key` (references, required_reading, context_files are never read)',
  summary: 'references, required_reading and context_files never reach the model; write the paths into the body',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      for (const e of p.inertKeys) {
        report({
          at: e.key,
          source: p.file.source,
          data: { key: e.key.value },
          message: `\`${e.key.value}\` is parsed and stored on the prompt and then never read: it is never sent to the provider and never used for ordering. Only the markdown body after the front matter reaches the model, so write the paths into the body`,
        });
      }
    }
  },
});
