import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt_without_verify';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-without-verify',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'Prompt Runner 0.12.1 packet lint `prompt_without_verify` (no evaluable contract item)',
  summary: 'a prompt should have a verify contract with at least one evaluable item',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      if (c.evaluable > 0) continue;
      report({
        at: c.anchor,
        source: c.file.source,
        message:
          "prompt has no verify contract, so completion is owned by the provider's own claim of success rather than by a deterministic check",
      });
    }
  },
});
