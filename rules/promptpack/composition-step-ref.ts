import { defineRule } from '@orchlint/core';
import { stepGraph, suggestion, type Located, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-step-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0010 rule 9: "Every then / else / depends_on step ID reference must resolve to a step in the same composition"; Composition.output is a step ID',
  summary: 'then, else, depends_on and output must name a step of the same composition',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      const { steps, byId } = stepGraph(composition);
      const check = (ref: Located | undefined, what: string): void => {
        if (typeof ref?.value !== 'string' || byId.has(ref.value)) return;
        report({
          at: ref.node,
          message:
            `${what} names step '${ref.value}', which composition '${composition.key.value}' does not have` +
            `${suggestion(ref.value, byId.keys(), 'step ids')}; name a step of this composition`,
        });
      };
      for (const { step } of steps) {
        check(step.then, `the 'then' of ${step.label}`);
        check(step.else, `the 'else' of ${step.label}`);
        for (const dep of step.dependsOn) check(dep, `the depends_on of ${step.label}`);
      }
      check(composition.output, `the output of composition '${composition.key.value}'`);
    }
  },
});
