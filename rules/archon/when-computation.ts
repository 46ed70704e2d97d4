import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-computation',
  dialect: 'archon',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'Workflow Language Constitution, case law: "Arithmetic / string functions / regex in when: ❌ rejected — Computation. A script node computes the decision; when: gates on its output"',
  summary: 'when: compares; it does not compute (no arithmetic, functions, regex or other operators)',
  check(model, report) {
    for (const f of whenFindings(model, 'computation')) {
      report({
        at: f.span,
        message:
          `Archon loads this file, but ${f.node.label} is skipped on every run: ${f.problem.message} (in "${f.atom.text}"), and when: only compares a reference with a literal, so the atom never parses; the Workflow Language Constitution rejects computation in when:. ` +
          'A script node computes the decision and when: gates on its output, e.g. when: "$decide.output.proceed == true"',
      });
    }
  },
});
