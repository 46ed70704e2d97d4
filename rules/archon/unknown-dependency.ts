import { defineRule, didYouMean } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/unknown-dependency',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "loader.ts validateDagStructure: \"Node '<id>' depends_on unknown node '<dep>'\" (depends_on resolves in the node's own scope)",
  summary: 'depends_on must name a node of the same scope',
  check(model, report) {
    for (const node of model.nodes) {
      for (const dep of node.dependsOn) {
        if (typeof dep.value !== 'string' || node.scope.byId.has(dep.value)) continue;
        const outer = node.scope.parent && [...node.scope.parent.byId.keys()].includes(dep.value);
        const ids = [...node.scope.byId.keys()];
        report({
          at: dep.node,
          message: outer
            ? `${node.label} depends on '${dep.value}', which is outside its loop_group body: a body is a sealed scope, so make the loop_group itself depend on '${dep.value}'`
            : `${node.label} depends on '${dep.value}', but no node in its scope has that id${didYouMean(dep.value, ids)}; Archon refuses to load the workflow`,
        });
      }
    }
  },
});
