import { cycleThrough, cyclicComponents, defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/depends-on-cycle';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/depends-on-cycle',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Scheduler.order/2: prompts whose depends_on form a cycle fail planning with {:prompt_dependency_cycle, ids}',
  summary: 'depends_on must not form a cycle',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const component of cyclicComponents(model.dependencies)) {
      const members = new Set(component);
      // Two prompts may share an id: the one reported is one whose own depends_on is in the cycle.
      const first = model.prompts.find(
        (p) =>
          p.id !== undefined &&
          members.has(p.id) &&
          p.dependsOn.some((d) => typeof d.term === 'string' && members.has(d.term)),
      );
      if (!first?.dependsOnField) continue;
      const cycle = cycleThrough(model.dependencies, first.id!, members);
      const dep = first.dependsOn.find((d) => typeof d.term === 'string' && d.term === cycle[1]);
      report({
        at: dep?.node ?? first.dependsOnField.key,
        source: first.file.source,
        message:
          `depends_on forms a cycle, ${cycle.slice(0, -1).join(' → ')} and back, so no prompt of it can ever start and ` +
          `planning fails (prompt_dependency_cycle); remove one of these dependencies`,
        // One note per id: prompts that share an id (duplicate_prompt_id) are one node of the graph.
        related: model.prompts
          .filter(
            (p, i, all) =>
              p.id !== first.id &&
              p.id !== undefined &&
              members.has(p.id) &&
              p.dependsOnField &&
              all.findIndex((q) => q.id === p.id && q.dependsOnField) === i,
          )
          .map((p) => ({
            at: p.dependsOnField!.key,
            source: p.file.source,
            message: `prompt "${p.id}" is part of the cycle`,
          })),
      });
    }
  },
});
