import { defineRule } from '@orchlint/core';
import { inspect, knowsRepos, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'unknown_target_repo';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-target-repo',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `unknown_target_repo` (`packet` is not accepted in targets)',
  summary: "every target must be a repo of the packet manifest's repos",
  check(model, report) {
    // A manifest that does not load names no repos: every target would look unknown.
    if (!knowsRepos(model)) return;
    const known = model.repoNames.length ? model.repoNames.join(', ') : '(none)';
    for (const p of model.prompts) {
      for (const t of p.targets ?? []) {
        if (t.text.startsWith('@') || model.repoNames.includes(t.text)) continue;
        report({
          at: t.span,
          source: p.file.source,
          message: `targets names ${inspect(t.text)}, which is not a repo in the packet manifest (known: ${known})`,
        });
      }
    }
  },
});
