import { defineRule } from '@orchlint/core';
import { lastClause, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'changed_paths_only_vacuous';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/changed-paths-only-vacuous',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'Prompt Runner 0.12.1 packet lint `changed_paths_only_vacuous` (unconditional by design)',
  summary: 'changed_paths_only only sees uncommitted work; it passes vacuously when the session commits',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const clause = lastClause(c.clauses, 'changed_paths_only');
      if (!clause?.entries.length) continue;
      report({
        at: clause.key,
        source: c.file.source,
        message:
          'changed_paths_only reads git status --porcelain, so it only ever sees work that is still uncommitted. It is correct when the runner owns the commit, and it passes vacuously whenever the session commits its own work instead (--no-commit, committer: noop, or standing instructions telling the agent to commit), because the tree is already clean when the verifier runs. If the runner commits for this packet, ignore this; otherwise use repos_clean:',
      });
    }
  },
});
