import { defineRule } from '@orchlint/core';
import { agentCyclesWithoutExit, cycleStates, unboundedCycles, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/cycle',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    'RFC 0005: "No circular references that would create infinite loops (warning, not error)" and "Circular transitions aren\'t always errors"',
  summary: 'a cycle of states that neither max_visits nor engine.budget bounds',
  check(pack, report) {
    const workflow = pack.workflow;
    if (!workflow || workflow.budget) return;
    // Unbounded agent-held cycles are promptpack/agent-cycle-without-exit's, as a warning.
    const agentHeld = new Set(agentCyclesWithoutExit(workflow).map((c) => c.members[0]));
    for (const found of unboundedCycles(workflow)) {
      const { members } = found;
      if (agentHeld.has(members[0])) continue;
      report({
        at: members[0]!.key.node,
        message:
          `states ${cycleStates(found)} form a cycle that no max_visits bounds and engine.budget is not set; going back to ` +
          `a state is often intended, and a loop that waits for the user ends when the user does, but nothing else bounds it: ` +
          `to cap it, add max_visits (and on_max_visits) to one member, or set engine.budget.max_total_visits`,
      });
    }
  },
});
