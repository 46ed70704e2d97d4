import { defineRule } from '@orchlint/core';
import { includeFailure, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-target',
  dialect: 'archon',
  severity: 'error',
  basis: "include-expander.ts: \"include target '<name>' not found\", \"include cycle detected: a -> b -> a\", \"include depth limit exceeded (max 3 levels)\" — a failed expansion drops the workflow",
  summary: 'an include: must resolve to a workflow, without cycles, at most 3 levels deep',
  check(model, report) {
    for (const node of model.nodes) {
      const failure = includeFailure(node);
      if (!failure || !node.include) continue;
      report({
        at: node.include.target.node,
        message: `${node.label}: ${failure.message}${failure.at ? ` (in ${failure.at})` : ''}; Archon drops this workflow at discovery. Point include: at an existing workflow name and break any cycle`,
      });
    }
  },
});
