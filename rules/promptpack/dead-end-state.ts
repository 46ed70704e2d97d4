import { defineRule } from '@orchlint/core';
import { hasMaxVisits, isTerminal, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/dead-end-state',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0009: "Validators should warn if a non-terminal state has no outgoing transitions and no max_visits — this is ambiguous"',
  summary: 'a non-terminal state with no transitions and no max_visits is a dead end',
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      if (isTerminal(state) || hasMaxVisits(state) || state.onEvent.length > 0) continue;
      report({
        at: state.key.node,
        message:
          `state '${state.name}' is not terminal but has no 'on_event' transitions and no 'max_visits', so the workflow ` +
          `can never leave it; mark it 'terminal: true' if it ends the workflow, or add an 'on_event' transition`,
      });
    }
  },
});
