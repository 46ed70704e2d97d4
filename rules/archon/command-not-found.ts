import { defineRule, didYouMean, type Field } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/command-not-found',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'validator.ts (archon validate, level 3): "Command \'<c>\' not found" — an error there, and the node fails when it runs; bundled archon-* commands are known, but ~/.archon/commands is outside the linted folder, so orchlint warns rather than errs',
  summary: "a command: that is not in the project's .archon/commands (a packaged workflow's: its own commands/)",
  check(model, report) {
    const commands = model.commands;
    if (!commands) return;
    const check = (field: Field | undefined, label: string) => {
      const name = field?.value;
      // Bundled commands are named archon-*; they resolve without a file in the project (not from a package).
      if (
        !field?.node ||
        typeof name !== 'string' ||
        (!commands.packaged && name.startsWith('archon-')) ||
        commands.names.has(name)
      )
        return;
      report({
        at: field.node,
        message: commands.packaged
          ? `${label}: command '${name}' is not in ${commands.folder}${didYouMean(name, [...commands.names])}. A packaged workflow's ` +
            "commands resolve only in its own commands/ folder, so 'archon validate' reports it and an include of this workflow fails to compose; add the .md file there"
          : `${label}: command '${name}' is not in ${commands.folder}${didYouMean(name, [...commands.names])}. ` +
            "'archon validate' reports it as an error unless ~/.archon/commands has it; add the .md file to the project to make the workflow portable",
      });
    };
    for (const node of model.nodes) {
      check(node.fields.get('command'), node.label);
      check(node.blocks.get('loop')?.byKey.get('command'), node.label);
    }
  },
});
