import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/dynamic-include',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Workflow Language Constitution, case law: "Dynamic include targets (include: $x.output) ❌ rejected — turns structure into a runtime value; the engine can no longer statically validate the graph"',
  summary: 'include: must name a workflow statically',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.include?.resolution.kind !== 'dynamic') continue;
      const value = node.include.target.value;
      if (typeof value === 'string' && value.trim() === '') continue;
      report({
        at: node.include.target.node,
        message:
          `${node.label} includes ${typeof value === 'string' ? `'${value}'` : 'a computed value'}, which is not a static workflow name: include: is expanded at load time, before any node runs. ` +
          "Name the workflow literally; to choose at run time, use a 'workflow:' node (a child run, resolved when it starts) or gate several include nodes with when:",
      });
    }
  },
});
