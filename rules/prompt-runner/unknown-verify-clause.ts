import { defineRule } from '@orchlint/core';
import { CONTRACT_CLAUSES, inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'unknown_verify_clause';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-verify-clause',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `unknown_verify_clause` (Verifier.contract_keys/0)',
  summary: 'every key under verify must be one of the twelve clauses the verifier evaluates',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const seen = new Set<string>();
      for (const clause of c.clauses) {
        if (clause.known || seen.has(clause.key.value)) continue;
        seen.add(clause.key.value);
        report({
          at: clause.key,
          source: c.file.source,
          message:
            `verify contract has an unrecognized clause ${inspect(clause.key.value)}; it is parsed, stored, and never evaluated ` +
            `(known clauses: ${CONTRACT_CLAUSES.join(', ')})`,
        });
      }
    }
  },
});
