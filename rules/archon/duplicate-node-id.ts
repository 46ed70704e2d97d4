import { defineRule } from '@orchlint/core';
import type { ArchonNode, WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/duplicate-node-id',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'loader.ts validateDagStructure: "Duplicate node id: \'<id>\'"; "Node id \'<id>\' shadows a node id in the enclosing DAG"',
  summary: 'node ids must be unique in their scope and must not shadow an enclosing scope',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.id === undefined || !node.idField?.node) continue;
      const first = node.scope.byId.get(node.id)!;
      if (first !== node) {
        report({
          at: node.idField.node,
          message: `duplicate node id '${node.id}': ids must be unique in their scope; rename this node and update the references to it`,
          related: [{ at: first.idField!.node!, message: `'${node.id}' is first defined here` }],
        });
        continue;
      }
      let outer: ArchonNode | undefined;
      for (let scope = node.scope.parent; scope && !outer; scope = scope.parent) outer = scope.byId.get(node.id);
      if (outer) {
        report({
          at: node.idField.node,
          message: `node id '${node.id}' in the loop_group body shadows a node id of the enclosing DAG; rename it so $${node.id}.output means one node`,
          related: [{ at: outer.idField!.node!, message: `the enclosing '${node.id}'` }],
        });
      }
    }
  },
});
