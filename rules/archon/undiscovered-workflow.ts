import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/undiscovered-workflow',
  dialect: 'archon',
  severity: 'warning',
  basis: 'Archon workflow discovery: workflows are found at most one folder deep under .archon/workflows (MAX_DISCOVERY_DEPTH = 1)',
  summary: 'a workflow more than one folder deep under .archon/workflows is never discovered',
  check(model, report) {
    const depth = model.discovery?.depth ?? 0;
    if (depth < 2) return;
    report({
      at: model.fields.get('name')?.keyNode ?? model.root,
      message:
        `this workflow is ${depth} folders deep under .archon/workflows, but Archon looks at most one folder deep, so it never ` +
        `finds it and nothing says so; move it to .archon/workflows/ or into a package folder directly below it`,
    });
  },
});
