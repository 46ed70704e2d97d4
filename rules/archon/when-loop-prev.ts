import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-loop-prev',
  dialect: 'archon',
  severity: 'error',
  basis:
    'variables.md: $LOOP_PREV.<id>.output is "not substituted in when:"; parameter matrix, silent failures: "$LOOP_PREV in when"',
  summary: '$LOOP_PREV is not available in when:',
  check(model, report) {
    for (const f of whenFindings(model, 'loop-prev')) {
      report({
        at: f.span,
        message:
          `${f.problem.message}, so the condition of ${f.node.label} can never see the previous iteration. ` +
          'Have a body node read $LOOP_PREV in its text (a bash node can echo the value) and gate on that node instead',
      });
    }
  },
});
