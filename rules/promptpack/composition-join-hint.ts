import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-join-hint',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0010, Step.depends_on: "Required when steps run after a branch or parallel and need to declare a join point" (PromptKit warns)',
  summary: 'a step after a branch’s targets should say where the paths join',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      const steps = composition.steps;
      steps.forEach((step, i) => {
        if (step.kind?.value !== 'branch') return;
        const targets = new Set<unknown>([step.then?.value, step.else?.value].filter((t) => t !== undefined));
        // The branch's own targets follow it; the first step after them is where its paths meet.
        let j = i + 1;
        while (j < steps.length && targets.has(steps[j]!.id?.value)) j++;
        const join = steps[j];
        if (!join || join.dependsOn.length > 0) return;
        report({
          at: join.id?.node ?? join.node,
          message:
            `${join.label} comes after the paths of the branch ${step.label} but has ` +
            `no depends_on, so it runs after whichever step precedes it in the list; declare depends_on with the steps it joins`,
        });
      });
    }
  },
});
