import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/on-max-visits-target',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0009: "on_max_visits must reference a valid key in the states object"',
  summary: 'on_max_visits must name a state',
  check(pack, report) {
    const states = pack.workflow?.states;
    for (const state of states?.values() ?? []) {
      const name = stringOf(state.onMaxVisits);
      if (name === undefined || states!.has(name)) continue;
      report({
        at: state.onMaxVisits!.node,
        message:
          `state '${state.name}' sends the workflow to '${name}' when its max_visits runs out, but '${name}' is not a state` +
          `${suggestion(name, states!.keys(), 'states')}; name an existing state, or remove on_max_visits to end the workflow there`,
      });
    }
  },
});
