import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/duplicate-workflow-name',
  dialect: 'archon',
  severity: 'error',
  basis: "Archon workflow discovery: \"Duplicate workflow name '<n>' — also declared in <files>. Workflow names must be unique\"",
  summary: 'two workflow files of one .archon/workflows folder declare the same name',
  check(model, report) {
    const namesakes = model.discovery?.namesakes;
    const name = model.fields.get('name');
    if (!namesakes?.length || !name?.value) return;
    const files = namesakes.map((n) => n.source.path.slice(n.source.path.lastIndexOf('.archon/workflows/') + '.archon/workflows/'.length));
    report({
      at: name.value,
      message:
        `the workflow name '${model.name}' is also declared in ${files.join(', ')}; Archon requires workflow names to be ` +
        `unique and rejects the duplicates (a file with the same name does not override another: overrides go by file ` +
        `name); rename one of them`,
      related: namesakes.map((n) => ({ source: n.source, at: n.span, message: `'${n.name}' is declared here too` })),
    });
  },
});
