import { defineRule } from '@orchlint/core';
import { nameList, reachableStates, stringOf, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/unreachable-state',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
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
    // A transition from a reachable state that is written but can never fire explains the finding.
    const deadFrom = new Map<string, string>();
    for (const dead of workflow.deadTransitions) {
      if (!reachable.has(dead.from) || deadFrom.has(dead.to)) continue;
      deadFrom.set(
        dead.to,
        dead.kind === 'event'
          ? ` (the on_event '${dead.event}' of '${dead.from}' never fires: '${dead.from}' is terminal)`
          : ` (the on_max_visits of '${dead.from}' never fires: '${dead.from}' has no max_visits)`,
      );
    }
    for (const state of workflow.states.values()) {
      if (reachable.has(state.name)) continue;
      report({
        at: state.key.node,
        message:
          `state '${state.name}' cannot be reached from ${starts} through on_event or on_max_visits${deadFrom.get(state.name) ?? ''}, so it never runs; ` +
          `add a transition to it, name it as an agent's state (agents.members.*.state), or remove it`,
      });
    }
  },
});
