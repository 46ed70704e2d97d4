import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/state-composition',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0010 rules 2–4: a composition state MUST set composition, which must resolve to a key of compositions; any other state MUST NOT set composition',
  summary: "composition belongs only on 'orchestration: composition' states and must name a composition",
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      const composition = state.composition;
      if (!composition) continue;
      if (state.orchestration?.value !== 'composition') {
        const mode = stringOf(state.orchestration) ?? 'internal (the default)';
        report({
          at: composition.key ?? composition.node,
          message:
            `state '${state.name}' sets composition but its orchestration is ${mode}, so the composition never runs; ` +
            `set 'orchestration: composition' to run it, or remove composition`,
        });
        continue;
      }
      const name = stringOf(composition);
      if (name === undefined || pack.compositions.has(name)) continue;
      report({
        at: composition.node,
        message:
          `state '${state.name}' runs composition '${name}', which is not defined${suggestion(name, pack.compositions.keys(), 'compositions')}; ` +
          `add it under compositions or name an existing one`,
      });
    }
  },
});
