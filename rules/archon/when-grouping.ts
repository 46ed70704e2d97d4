import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-grouping',
  dialect: 'archon',
  severity: 'warning',
  basis:
    'Workflow Language Constitution, case law: "Parentheses & nested boolean grouping in when: ❌ rejected — the first step of home-growing an expression language"',
  summary: 'when: has no parentheses and no negation',
  check(model, report) {
    for (const f of whenFindings(model, 'grouping')) {
      report({
        at: f.span,
        message:
          `${f.problem.message} (in "${f.atom.text}" of ${f.node.label}); the atom does not parse and the node is always skipped. ` +
          'Compute the decision in a script node (e.g. print {"proceed": true}) and gate on it: when: "$decide.output.proceed == true"; \'&&\' already binds tighter than \'||\'',
      });
    }
  },
});
