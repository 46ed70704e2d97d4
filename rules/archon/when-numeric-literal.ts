import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-numeric-literal',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'condition-evaluator.ts: < > <= >= apply parseFloat to both sides; a side that is not finite makes the whole expression {result: false, parsed: false} and the node is skipped',
  summary: '< > <= >= need a numeric literal',
  check(model, report) {
    for (const f of whenFindings(model, 'non-numeric')) {
      report({
        at: f.span,
        message: `Archon loads this file, but ${f.node.label} is skipped on every run: ${f.problem.message} (in "${f.atom.text}"), so the comparison always fails; compare with a number, or use == / != for text`,
      });
    }
  },
});
