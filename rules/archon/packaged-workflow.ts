import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/packaged-workflow',
  dialect: 'archon',
  severity: 'error',
  basis: "Archon workflow discovery: \"Packaged workflow '<pack>/<wf>' must contain exactly one .yaml or .yml file (found N)\"",
  summary: 'a package folder under .archon/workflows must hold exactly one workflow file',
  check(model, report) {
    const files = model.discovery?.packageFiles;
    if (!files || files.length === 1) return;
    const folder = model.source.path.split('/').slice(-2, -1)[0];
    report({
      at: model.fields.get('name')?.keyNode ?? model.root,
      message:
        `the package folder '${folder}' holds ${files.length} workflow files (${files.join(', ')}), but Archon loads a package ` +
        `only when it holds exactly one .yaml or .yml file, and rejects it otherwise; keep one workflow per package folder and ` +
        `move the others to .archon/workflows/ or their own folders`,
    });
  },
});
