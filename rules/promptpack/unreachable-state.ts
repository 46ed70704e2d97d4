import { defineRule } from '@orchlint/core';
import { nameList, reachableStates, stringOf, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/unreachable-state',
  dialect: 'promptpack',
  severity: 'warning',
  basis:
    'RFC 0005, unresolved question 3: "Warn on potential logic issues (circular transitions, unreachable states)"; entry points per RFC 0011',
  summary: 'a state that no transition reaches never runs',
  check(pack, report) {
    const workflow = pack.workflow;
    // Without a valid entry every state would look unreachable; promptpack/workflow-entry reports that.
    const entry = stringOf(workflow?.entry);
    if (!workflow || entry === undefined || !workflow.states.has(entry)) return;
    const reachable = reachableStates(workflow);
    const starts = nameList(new Set(workflow.entryPoints));
    for (const state of workflow.states.values()) {
      if (reachable.has(state.name)) continue;
      report({
        at: state.keyNode,
        message:
          `state '${state.name}' cannot be reached from ${starts} through on_event or on_max_visits, so it never runs; ` +
          `add a transition to it, name it as an agent's state (agents.members.*.state), or remove it`,
      });
    }
  },
});
