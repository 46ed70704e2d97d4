import { defineRule, didYouMean } from '@orchlint/core';
import { inspect, normalizeId, toElixirString, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/depends-on-unknown';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/depends-on-unknown',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Scheduler.validate/1: a dependency that is no prompt id fails plan construction with {:invalid_prompt_dependencies, …}',
  summary: 'every depends_on item must name a prompt of the packet',
  check(model, report) {
    if (model.kind !== 'packet') return;
    // Prompts can share an id (duplicate_prompt_id): list each once.
    const ids = [...new Set(model.prompts.flatMap((p) => (p.id === undefined ? [] : [p.id])))];
    for (const p of model.prompts) {
      for (const dep of p.dependsOn) {
        const normalized = normalizeId(dep.term);
        if (normalized !== undefined && ids.includes(normalized)) continue;
        const text = toElixirString(dep.term) ?? inspect(dep.term);
        report({
          at: dep.node,
          source: p.file.source,
          message: `depends_on names ${inspect(dep.term)}, which is no prompt of this packet (ids: ${ids.join(', ') || 'none'})${didYouMean(text, ids)}; planning fails (invalid_prompt_dependencies): name an existing prompt id or remove the item`,
        });
      }
    }
  },
});
