import { defineRule } from '@orchlint/core';
import { EMap, PATH_CLAUSES, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/entry-without-path';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/entry-without-path',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.resolve_entry/3 matches {repo, path} and {path}; any other mapping reaches to_string/1, which raises, and the verifier crashes',
  summary: 'a mapping entry of a path clause must have path',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const clause of c.clauses) {
        if (!PATH_CLAUSES.has(clause.key.value)) continue;
        for (const entry of clause.entries) {
          if (!(entry.term instanceof EMap) || entry.term.has('path')) continue;
          const repo = entry.term.get('repo');
          report({
            at: entry.node ?? entry.span,
            source: c.file.source,
            message: `${LOADS_BUT}this ${clause.key.value} entry has no path${typeof repo === 'string' ? ` (only repo: ${repo})` : ''}, and the verifier crashes resolving it; add path: <file in the repo>`,
          });
        }
      }
    }
  },
});
