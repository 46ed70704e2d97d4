import { defineRule } from '@orchlint/core';
import { lastClause, STRUCTURAL_CLAUSES, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'agent_owned_structural_evidence_required';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/agent-owned-structural-evidence-required',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner 0.13 packet lint `agent_owned_structural_evidence_required` (CompletionPolicy.structural_contract?/1); only when targeting 0.13 or later',
  summary: 'in an agent-owned packet every prompt needs structural evidence (files_exist, contains, doc, …)',
  check(model, report) {
    if (model.kind !== 'packet' || model.execution?.completion !== 'agent_owned') return;
    for (const p of model.prompts) {
      const c = p.contract;
      if (STRUCTURAL_CLAUSES.some((name) => lastClause(c.clauses, name)?.entries.some((e) => e.term !== null)))
        continue;
      report({
        at: c.anchor,
        source: p.file.source,
        message:
          'agent-owned completion requires prompt-specific structural evidence; repos_clean or changed_paths_only alone cannot prove this prompt completed',
      });
    }
  },
});
