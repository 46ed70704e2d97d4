import { defineRule, ownValue } from '@orchlint/core';
import { LOADS_BUT, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/bare-string-entry';

const MAP_ONLY: Record<string, string> = {
  yaml: 'always fails (the verifier needs {path, root})',
  json: 'makes the verifier raise once the file exists and parses',
  glob: 'makes the verifier raise',
  source_absent: 'makes the verifier raise',
};

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/bare-string-entry',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner verifier: yaml, json, glob and source_absent entries are read as maps; a bare string fails or raises',
  summary: 'yaml, json, glob and source_absent entries must be mappings',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const clause of c.clauses) {
        const effect = ownValue(MAP_ONLY, clause.key.value);
        if (!effect) continue;
        for (const entry of clause.entries) {
          if (typeof entry.term !== 'string') continue;
          report({
            at: entry.node ?? entry.span,
            source: c.file.source,
            message: `${LOADS_BUT}a bare string in ${clause.key.value} ${effect}; write { path: ${JSON.stringify(entry.term)} } with the clause's options`,
          });
        }
      }
    }
  },
});
