import { defineRule, firstFew, relatedMembers } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/duplicate-workflow-name',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Archon workflow discovery: "Duplicate workflow name \'<n>\' — also declared in <files>. Workflow names must be unique"; "Workflow filename collision …: \'<f>\'. Workflow filenames must be unique"',
  summary: 'two workflow files of one project declare the same name, or a package shares another workflow file name',
  check(model, report) {
    const discovery = model.discovery;
    const at = model.fields.get('name')?.key ?? model.root;
    if (discovery?.filenameClash?.length) {
      const filename = discovery.rel.slice(discovery.rel.lastIndexOf('/') + 1);
      report({
        at,
        message:
          `the file name '${filename}' is also used by ${firstFew(discovery.filenameClash.map((f) => `.archon/workflows/${f}`))}; Archon keys ` +
          `workflows by file name and drops every file of a name a package shares with another file ('Workflow filename collision'); rename one of them`,
      });
    }
    const namesakes = discovery?.namesakes;
    const name = model.fields.get('name');
    if (!namesakes?.length || !name?.node) return;
    // The group's first file (by path) points at every other; the others at the first few.
    const first = discovery!.rel < namesakes[0]!.rel;
    report({
      at: name.node,
      message:
        `the workflow name '${model.name}' is also declared in ${firstFew(namesakes.map((n) => `.archon/workflows/${n.rel}`))}; Archon requires workflow names to be ` +
        `unique and rejects the duplicates (a file with the same name does not override another: overrides go by file ` +
        `name); rename one of them`,
      related: relatedMembers(namesakes, first).map((n) => ({
        path: n.path,
        span: n.span,
        range: n.range,
        message: `'${n.name}' is declared here too`,
      })),
    });
  },
});
