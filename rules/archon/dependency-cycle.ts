import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/dependency-cycle',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis: 'loader.ts validateDagStructure: "Cycle detected among nodes: a, b" (Kahn\'s algorithm per scope)',
  summary: 'depends_on must not form a cycle',
  check(model, report) {
    for (const members of model.analysis.cycles()) {
      const ids = members.map((n) => n.id!);
      const set = new Set(ids);
      for (const node of members) {
        const dep = node.dependsOn.find((d) => typeof d.value === 'string' && set.has(d.value));
        if (!dep) continue;
        report({
          at: dep.node,
          message: `dependency cycle among nodes ${ids.join(', ')}: none of them can ever start; drop one of these depends_on entries (use a loop or loop_group node to iterate)`,
        });
      }
    }
  },
});
