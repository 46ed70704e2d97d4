import { defineRule } from '@orchlint/core';
import { hasMaxVisits, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/on-max-visits-without-max-visits',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis: 'derived from RFC 0009: on_max_visits is taken only "when max_visits is reached"',
  summary: 'on_max_visits without max_visits can never fire',
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      if (!state.onMaxVisits || hasMaxVisits(state)) continue;
      report({
        at: state.onMaxVisits.key ?? state.onMaxVisits.node,
        message:
          `state '${state.name}' sets on_max_visits but no max_visits, so the limit is never reached and on_max_visits never fires; ` +
          `add 'max_visits: N' to bound the state, or remove on_max_visits`,
      });
    }
  },
});
