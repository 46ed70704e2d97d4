import { defineRule, scalarValue } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/input-required-with-default',
  dialect: 'archon',
  severity: 'warning',
  basis: 'workflow.ts inputs: "required together with default drops that entry (log)" — spec §1.3',
  summary: 'an input that is both required and defaulted is dropped',
  check(model, report) {
    for (const input of model.tree.entries(model.fields.get('inputs')?.value)) {
      const required = model.tree.entry(input.value, 'required');
      if (!required || scalarValue(required.value) !== true || !model.tree.entry(input.value, 'default')) continue;
      report({
        at: required.keyNode,
        message: `input '${input.key}' is required and has a default: Archon drops the whole declaration with only a log line, so $INPUTS.${input.key} becomes undeclared. Keep one: 'required: true' or 'default'`,
      });
    }
  },
});
