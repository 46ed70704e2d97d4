import { defineRule } from '@orchlint/core';
import { classifyJoin, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/threshold-join',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Workflow Language Constitution, case law: "A threshold join (succeed if ≥ K children completed) ❌ rejected — judgement wearing a join rule\'s clothes"; the join enum has no such value',
  summary: 'fan_out.join cannot count successes',
  check(model, report) {
    for (const node of model.nodes) {
      const join = node.join;
      if (!join) continue;
      const value = join.value;
      if (classifyJoin(value) !== 'threshold') continue;
      report({
        at: join.node,
        message:
          `${node.label}: a join that counts successes (${JSON.stringify(value)}) is not a join rule Archon has; the workflow is rejected. ` +
          "Use 'join: all_done' so every child's outcome reaches the next node (failures as data), and decide how many successes are enough in a script or prompt node after it, gating what follows with when:",
      });
    }
  },
});
