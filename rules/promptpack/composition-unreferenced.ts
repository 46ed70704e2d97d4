import { defineRule } from '@orchlint/core';
import { stringOf, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-unreferenced',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'RFC 0010: "Compositions are reachable only through workflow states" (PromptKit warns on unreferenced compositions)',
  summary: 'a composition that no workflow state runs',
  check(pack, report) {
    const used = new Set<string>();
    for (const state of pack.workflow?.states.values() ?? []) {
      const name = stringOf(state.composition);
      if (name !== undefined && state.orchestration?.value === 'composition') used.add(name);
    }
    for (const composition of pack.compositions.values()) {
      if (used.has(composition.key.value)) continue;
      report({
        at: composition.key.node,
        message: pack.workflow
          ? `composition '${composition.key.value}' is not run by any workflow state, so it never runs; add a state with ` +
            `'orchestration: composition' and 'composition: ${composition.key.value}', or remove it`
          : `composition '${composition.key.value}' never runs: compositions are reached only through workflow states, and this ` +
            `pack has no workflow; add a one-state workflow ('orchestration: composition', 'composition: ${composition.key.value}', 'terminal: true')`,
      });
    }
  },
});
