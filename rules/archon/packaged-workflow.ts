import { defineRule, firstFew } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/packaged-workflow',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
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
    if (!files || discovery.badFolder !== undefined) return;
    const folder = discovery.rel.split('/').slice(0, 2).join('/');
    const role = discovery.role;
    // Why this file is not the one workflow file the folder needs, when it is not.
    const self =
      role.kind === 'unmatched-extension'
        ? ` (this file is not one: the extension is matched in lower case, so rename it to .yaml)`
        : role.kind === 'too-deep'
          ? ` directly (Archon reads nothing deeper, so not this file, ${role.depth} folders deep)`
          : '';
    report({
      at,
      message:
        `the package folder '${folder}' holds ${files.length === 0 ? 'no .yaml or .yml file' : `${files.length} workflow files (${firstFew(files)})`}${self}, ` +
        `but Archon loads a package only when it holds exactly one, and otherwise rejects the folder ` +
        `("must contain exactly one .yaml or .yml file (found ${files.length})"); keep one workflow per package folder ` +
        `(its commands/, scripts/ and fixtures/ beside it)${files.length > 1 ? ' and move the others to the group folder above it' : ''}`,
    });
  },
});
