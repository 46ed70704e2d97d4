import { defineRule } from '@orchlint/core';
import { stepCycles, stepGraph, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-cycle',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0010 rule 15: "The composition graph MUST be acyclic"',
  summary: 'a composition’s steps must not wait for each other in a cycle',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      const { byId } = stepGraph(composition);
      for (const cycle of stepCycles(composition)) {
        const first = byId.get(cycle[0]!)!;
        report({
          at: first.step.id!.node,
          message:
            `the steps of composition '${composition.key.value}' run in a cycle (${cycle.join(' → ')}) through depends_on, then/else ` +
            `and step order, so none of them can start; compositions are acyclic: loop with a workflow state (max_visits) or ` +
            `an agent step instead`,
        });
      }
    }
  },
});
