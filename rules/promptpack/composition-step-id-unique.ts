import { defineRule } from '@orchlint/core';
import { stepGraph, type PackModel, type PlacedStep } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-step-id-unique',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0010 rule 5: "Each Step.id must be unique within its containing composition (including across nested parallel.branches)"',
  summary: 'step ids must be unique within a composition, nested branches included',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      const first = new Map<string, PlacedStep>();
      for (const placed of stepGraph(composition).steps) {
        if (placed.id === undefined) continue;
        const earlier = first.get(placed.id);
        if (!earlier) {
          first.set(placed.id, placed);
          continue;
        }
        report({
          at: placed.step.id!.node,
          message:
            `step id '${placed.id}' is used twice in composition '${composition.key.value}'; outputs (\${${placed.id}.output}), ` +
            `then/else and depends_on name steps by id, so each must be unique: rename one`,
          related: [{ at: earlier.step.id!.node, message: `'${placed.id}' is first used here` }],
        });
      }
    }
  },
});
