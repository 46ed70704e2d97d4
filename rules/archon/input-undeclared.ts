import { defineRule, didYouMean } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/input-undeclared',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'executor-shared.ts substituteWorkflowVariables: an unknown \'$INPUTS.<name>\' throws "Unknown input"; workflow-inputs.ts: a workflow that declares inputs: rejects caller keys it does not declare, and include expansion reports "references missing input(s)"',
  summary: 'a workflow that declares inputs: reads a $INPUTS.<name> it does not declare',
  check(model, report) {
    if (!model.inputs) return;
    const names = model.inputs.map((i) => i.field.key.value);
    for (const node of model.nodes) {
      for (const ref of node.inputRefs) {
        if (names.includes(ref.name)) continue;
        report({
          at: ref.span,
          message:
            `Archon loads this file, but ${node.label} fails on every run: '$INPUTS.${ref.name}' is not an input this workflow declares (${names.length ? `declared: ${names.join(', ')}` : 'it declares none'})${didYouMean(ref.name, names)}. ` +
            `No caller can pass it (a declared contract rejects undeclared names), so the run fails with 'Unknown input' and an include of this workflow fails to expand; declare it under inputs: or fix the name`,
        });
      }
    }
  },
});
