import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/undiscovered-workflow',
  dialect: 'archon',
  severity: 'warning',
  basis:
    'Archon workflow discovery: files one folder deep (MAX_DISCOVERY_DEPTH = 1) and package folders <group>/<workflow>/ are read; nothing deeper',
  summary: 'a workflow deeper than a package folder under .archon/workflows is never discovered',
  check(model, report) {
    const role = model.discovery?.role;
    if (role?.kind !== 'too-deep') return;
    const depth = role.depth;
    report({
      at: model.fields.get('name')?.key ?? model.root,
      message:
        `this workflow is ${depth} folders deep under .archon/workflows, but Archon loads files one folder deep (a group) or ` +
        `two deep in a package folder (<group>/<workflow>/<workflow>.yaml), so it never finds this one and nothing says so; move it up`,
    });
  },
});
