import { defineRule } from '@orchlint/core';
import { isPriorStep, stepGraph, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-input-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0010 rule 11: "Every ${...} reference path must resolve to either input or a prior step\'s output"',
  summary: '${…} in a step must read input or the output of a step that runs before it',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      const { steps, byId } = stepGraph(composition);
      for (const placed of steps) {
        const where = `${placed.step.label} of composition '${composition.key.value}'`;
        for (const ref of placed.step.references) {
          if (ref.root === 'input') continue;
          if (!byId.has(ref.root)) {
            report({
              at: ref.span,
              message:
                `${where} reads \${${ref.path}}, but '${ref.root}' is neither 'input' nor a step` +
                `${suggestion(ref.root, ['input', ...byId.keys()], 'names it can read')}; read \${input.…} or \${<step id>.output.…}`,
            });
            continue;
          }
          if (isPriorStep(composition, placed, ref.root)) continue;
          report({
            at: ref.span,
            message:
              `${where} reads \${${ref.path}}, but step '${ref.root}' does not run before it, so its output does not exist yet; ` +
              `move '${ref.root}' earlier, or list it in depends_on`,
          });
        }
      }
    }
  },
});
