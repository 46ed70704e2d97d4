import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'repo_group_in_targets';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/repo-group-in-targets',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `repo_group_in_targets` (repo groups are never expanded for packets)',
  summary: 'targets must name repos, not @groups',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      for (const t of p.targets ?? []) {
        if (!t.text.startsWith('@')) continue;
        report({
          at: t.span,
          source: p.file.source,
          message: `targets uses the repo group syntax "${t.text}"; repo groups are a legacy-config feature and are never expanded for packets, so the target resolves to nothing`,
        });
      }
    }
  },
});
