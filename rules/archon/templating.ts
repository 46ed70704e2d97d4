import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/templating',
  dialect: 'archon',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'Workflow Language Constitution, case law: "Templating (Jinja-style interpolation, computed node ids) ❌ rejected — evaluation inside declaration, the Helm road"; the 0.9 loader accepts such text and keeps it literally (no error, no log), so the file loads but never does what the template meant',
  summary: 'no {{ }} / ${{ }} interpolation in the YAML structure, no ids or keys computed from values',
  check(model, report) {
    for (const site of model.templating) {
      const what =
        site.where === 'key'
          ? 'a key'
          : site.where === 'id'
            ? 'a node id'
            : site.where === 'depends_on'
              ? 'a depends_on entry'
              : `the '${site.where}' value`;
      report({
        at: site.span,
        message:
          `Archon loads this file, but ${what} is computed ('${site.text}') and is taken literally on every run: Archon never evaluates templates in the workflow's structure, and the Workflow Language Constitution rejects templating. ` +
          'Write static ids and names; let a script node compute values, and pass them on as $node.output in prompt/bash text or as with: bindings',
      });
    }
  },
});
