import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/input-required-with-default',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis: 'workflow.ts inputs: "required together with default drops that entry (log)" — spec §1.3',
  summary: 'an input that is both required and defaulted is dropped',
  check(model, report) {
    for (const { field, block } of model.inputs ?? []) {
      const required = block.byKey.get('required');
      if (required?.value !== true || !block.byKey.has('default')) continue;
      const name = field.key.value;
      report({
        at: required.key,
        message: `input '${name}' is required and has a default: Archon drops the whole declaration with only a log line, so $INPUTS.${name} becomes undeclared. Keep one: 'required: true' or 'default'`,
      });
    }
  },
});
