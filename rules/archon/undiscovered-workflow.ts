import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/undiscovered-workflow',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    "Archon workflow discovery: files one folder deep (MAX_DISCOVERY_DEPTH = 1) and package folders <group>/<workflow>/ are read, nothing deeper, and only names for which endsWith('.yaml') or endsWith('.yml') holds",
  summary:
    'a workflow deeper than a package folder under .archon/workflows, or with an upper-case extension, is never discovered',
  check(model, report) {
    const role = model.discovery?.role;
    const at = model.fields.get('name')?.key ?? model.root;
    // A package folder the engine rejects for this file is archon/packaged-workflow's.
    if (model.discovery?.packageFiles) return;
    if (role?.kind === 'unmatched-extension') {
      const ext = model.source.path.slice(model.source.path.lastIndexOf('.'));
      report({
        at,
        message: `Archon reads only files ending in .yaml or .yml, matched as written, so it never loads this '${ext}' file and nothing says so; rename it to end in .yaml`,
      });
      return;
    }
    if (role?.kind !== 'too-deep') return;
    const depth = role.depth;
    report({
      at,
      message:
        `this workflow is ${depth} folders deep under .archon/workflows, but Archon loads files one folder deep (a group) or ` +
        `two deep in a package folder (<group>/<workflow>/<workflow>.yaml), so it never finds this one and nothing says so; move it up`,
    });
  },
});
