import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/empty-command',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'executor-shared.ts loadCommandPrompt: "Command file is empty: <name>.md" — the node fails when it starts (an included block\'s empty command fails its includer at load: archon/include-target)',
  summary: 'a command: whose command file in the project holds only whitespace',
  check(model, report) {
    for (const { node, name, shown } of model.emptyCommands ?? []) {
      const at = node.fields.get('command')?.node ?? node.blocks.get('loop')?.byKey.get('command')?.node;
      if (!at) continue;
      report({
        at,
        message: `Archon loads this file, but ${node.label} fails every time it starts ("Command file is empty"): command '${name}' resolves to ${shown}, which is empty. Write the prompt into the file`,
      });
    }
  },
});
