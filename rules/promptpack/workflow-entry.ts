import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/workflow-entry',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0005: "The entry field must reference a key in the states object"',
  summary: 'workflow.entry must name a state',
  check(pack, report) {
    const workflow = pack.workflow;
    const entry = stringOf(workflow?.entry);
    if (!workflow || entry === undefined || workflow.states.has(entry)) return;
    report({
      at: workflow.entry!.node,
      message:
        `workflow.entry '${entry}' is not a state, so the workflow cannot start${suggestion(entry, workflow.states.keys(), 'states')}; ` +
        `point entry at the state that takes the first turn, or add '${entry}' under workflow.states`,
    });
  },
});
