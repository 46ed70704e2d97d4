import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

/** Tool names PromptKit's workflow runtime registers itself. */
const RESERVED = new Set(['workflow__transition', 'workflow__set_artifact']);

export default defineRule<PackModel>({
  id: 'promptpack/composition-reserved-name',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0010 rule 1: "compositions keys … must not collide with reserved runtime names"',
  summary: 'a composition named like a reserved runtime tool',
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      if (!RESERVED.has(composition.key.value)) continue;
      report({
        at: composition.key.node,
        message:
          `composition '${composition.key.value}' has the name of a tool the workflow runtime reserves for itself; rename it ` +
          `(and the states that run it)`,
      });
    }
  },
});
