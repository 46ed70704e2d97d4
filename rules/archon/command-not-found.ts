import { defineRule, didYouMean, type Field } from '@orchlint/core';
import { BUNDLED_COMMANDS, BUNDLED_WORKFLOWS, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/command-not-found',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'validator.ts (archon validate, level 3): "Command \'<c>\' not found" — an error there, and the node fails when it runs; the bundled commands (37 archon-* names; not the names of the bundled workflows) are known, but ~/.archon/commands is outside the linted folder, so orchlint warns rather than errs',
  summary: "a command: that is not in the project's .archon/commands (a packaged workflow's: its own commands/)",
  check(model, report) {
    const commands = model.commands;
    if (!commands) return;
    const check = (field: Field | undefined, label: string) => {
      const name = field?.value;
      if (
        !field?.node ||
        typeof name !== 'string' ||
        commands.files.has(name) ||
        (commands.bundled && BUNDLED_COMMANDS.has(name))
      )
        return;
      const known = [...commands.files.keys(), ...(commands.bundled ? BUNDLED_COMMANDS : [])];
      const validate = "'archon validate' reports it as an error unless ~/.archon/commands has it";
      const configured = model.config?.commandFolder ? ` or ${model.config.commandFolder}` : '';
      let message: string;
      if (commands.packaged)
        message =
          `command '${name}' is not in ${commands.folder}${didYouMean(name, [...commands.files.keys()])}. A packaged workflow's ` +
          "commands resolve only in its own commands/ folder, so 'archon validate' reports it and an include of this workflow fails to compose; add the .md file there";
      else if (BUNDLED_COMMANDS.has(name))
        message =
          `command '${name}' is one Archon bundles, but ${model.config?.shown ?? '.archon/config.yaml'} turns the bundled commands off (defaults.loadDefaultCommands: false) and it is not in ${commands.folder}${configured}. ` +
          `${validate}; add the .md file to the project, or load the bundled commands`;
      else if (isWorkflowName(model, name))
        message =
          `'${name}' names a workflow, not a command: a command: node runs a command file, and there is none of that name in ${commands.folder}${configured}${commands.bundled ? ' or among the commands Archon bundles' : ''}. ` +
          `${validate}; to run the workflow, write 'workflow: ${name}' (a sub-run) or 'include: ${name}'`;
      else
        message =
          `command '${name}' is not in ${commands.folder}${configured}${commands.bundled ? ' or among the commands Archon bundles' : ''}${didYouMean(name, known)}. ` +
          `${validate}; add the .md file to the project to make the workflow portable`;
      report({ at: field.node, message: `${label}: ${message}` });
    };
    for (const node of model.nodes) {
      check(node.fields.get('command'), node.label);
      check(node.blocks.get('loop')?.byKey.get('command'), node.label);
    }
  },
});

/** A workflow Archon bundles, or one of the project's (by the name its file declares). */
function isWorkflowName(model: WorkflowModel, name: string): boolean {
  return BUNDLED_WORKFLOWS.has(name) || (model.discovery?.projectNames.has(name) ?? false);
}
