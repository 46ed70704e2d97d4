import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/packaged-workflow',
  dialect: 'archon',
  severity: 'error',
  basis:
    'Archon workflow discovery (loadPackagedWorkflowsFromDir): "Packaged workflow \'<pack>/<wf>\' must contain exactly one .yaml or .yml file (found N)"; "Invalid packaged workflow (pack) directory"',
  summary:
    'a package folder (.archon/workflows/<group>/<workflow>/) must hold exactly one workflow file and have a valid name',
  check(model, report) {
    const discovery = model.discovery;
    if (!discovery) return;
    const at = model.fields.get('name')?.key ?? model.root;
    if (discovery.badFolder !== undefined) {
      report({
        at,
        message:
          `the folder name '${discovery.badFolder}' is one Archon rejects (a name may not start with '.' or hold '..', ':' or '\\'), so ` +
          `discovery reports it as an invalid packaged workflow directory${discovery.role.kind === 'packaged' ? ' and never loads this workflow' : ''}; rename the folder`,
      });
    }
    const files = discovery.packageFiles;
    if (discovery.role.kind !== 'packaged' || !files || discovery.badFolder !== undefined) return;
    report({
      at,
      message:
        `the package folder '${discovery.role.folder}' holds ${files.length} workflow files (${files.join(', ')}), but Archon loads a package ` +
        `only when it holds exactly one .yaml or .yml file, and rejects it otherwise; keep one workflow per package folder ` +
        `(its commands/, scripts/ and fixtures/ beside it) and move the others to the group folder above it`,
    });
  },
});
