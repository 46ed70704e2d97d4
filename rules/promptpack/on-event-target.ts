import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/on-event-target',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0005: "All on_event target states must reference valid keys in the states object"',
  summary: 'every on_event target must be a state',
  check(pack, report) {
    const states = pack.workflow?.states;
    for (const state of states?.values() ?? []) {
      for (const { event, target } of state.onEvent) {
        const name = stringOf(target);
        if (name === undefined || states!.has(name)) continue;
        report({
          at: target.node,
          message:
            `event '${event}' of state '${state.name}' goes to '${name}', which is not a state${suggestion(name, states!.keys(), 'states')}; ` +
            `the transition fails when the event fires: name an existing state or add '${name}' under workflow.states`,
        });
      }
    }
  },
});
