import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-grouping',
  dialect: 'archon',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'Workflow Language Constitution, case law: "Parentheses & nested boolean grouping in when: ❌ rejected — the first step of home-growing an expression language"',
  summary: 'when: has no parentheses and no negation',
  check(model, report) {
    for (const f of whenFindings(model, 'grouping')) {
      report({
        at: f.span,
        message:
          `Archon loads this file, but ${f.node.label} is skipped on every run: ${f.problem.message} (in "${f.atom.text}"), so the atom never parses; the Workflow Language Constitution rejects grouping in when:. ` +
          'Compute the decision in a script node (e.g. print {"proceed": true}) and gate on it: when: "$decide.output.proceed == true"; \'&&\' already binds tighter than \'||\'',
      });
    }
  },
});
