import { defineRule } from '@orchlint/core';
import { stepGraph, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-eval-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0010 rule 10: "Every eval modifier reference must resolve to a key in the pack\'s evals object" (the ids of the pack-level evals)',
  summary: "a step's modifiers.eval must name a pack-level eval",
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      for (const { step } of stepGraph(composition).steps) {
        for (const ref of step.evalRefs) {
          if (typeof ref.value !== 'string' || pack.evalIds.has(ref.value)) continue;
          report({
            at: ref.node,
            message:
              `${step.label} of composition '${composition.key.value}' attaches eval '${ref.value}', which no pack-level eval ` +
              `declares${suggestion(ref.value, pack.evalIds, 'eval ids')}; add an eval with that id under evals, or remove it`,
          });
        }
      }
    }
  },
});
