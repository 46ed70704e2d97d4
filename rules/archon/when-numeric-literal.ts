import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-numeric-literal',
  dialect: 'archon',
  severity: 'warning',
  basis:
    'condition-evaluator.ts: < > <= >= apply parseFloat to both sides; a side that is not finite makes the whole expression {result: false, parsed: false} and the node is skipped',
  summary: '< > <= >= need a numeric literal',
  check(model, report) {
    for (const f of whenFindings(model, 'non-numeric')) {
      report({
        at: f.span,
        message: `${f.problem.message} (in "${f.atom.text}" of ${f.node.label}): the comparison fails every time and the node is always skipped; compare with a number, or use == / != for text`,
      });
    }
  },
});
