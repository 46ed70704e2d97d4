import { defineRule } from '@orchlint/core';
import { includeFailure, includesExpandingTo, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-target',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'include-expander.ts: "include target \'<name>\' not found", "include cycle detected: a -> b -> a", "include depth limit exceeded (max 3 levels)" — a failed expansion drops the workflow',
  summary:
    'an include: must resolve to a workflow, without cycles, at most 3 levels deep, and expand into ids no other node has',
  check(model, report) {
    for (const node of model.nodes) {
      const failure = includeFailure(node);
      if (!failure || !node.include) continue;
      report({
        at: node.include.target.node,
        message: `${node.label}: ${failure.message}${failure.at ? ` (in ${failure.at})` : ''}; Archon drops this workflow at discovery. ${failure.advice ? `${failure.advice[0]!.toUpperCase()}${failure.advice.slice(1)}` : 'Point include: at an existing workflow name and break any cycle'}`,
      });
    }
    // The flattened DAG is validated again: an expanded `<include>__<id>` must not be a hand-written id too.
    const expandingTo = includesExpandingTo(model.top.nodes);
    for (const [id, written] of model.top.byId) {
      if (!written.idField?.node) continue;
      for (const node of expandingTo(id)) {
        report({
          at: written.idField.node,
          message: `${written.label}: the include ${node.label} expands into a node of the same id '${id}', and Archon validates the flattened workflow again and drops it for the duplicate id; rename this node`,
        });
      }
    }
  },
});
