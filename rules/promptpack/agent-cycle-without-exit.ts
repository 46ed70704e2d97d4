import { defineRule } from '@orchlint/core';
import { agentCyclesWithoutExit, cycleStates, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-cycle-without-exit',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0014, validation rule 4: "Validators SHOULD warn when a cycle of control: agent states has no reachable control: user or terminal state and no max_visits on any member"',
  summary: 'a cycle of control: agent states that nothing bounds keeps the user out forever',
  check(pack, report) {
    const workflow = pack.workflow;
    if (!workflow) return;
    for (const found of agentCyclesWithoutExit(workflow)) {
      const { members } = found;
      const budget = workflow.budget
        ? ` engine.budget bounds the whole run, but the user still never gets a turn inside this cycle.`
        : '';
      report({
        at: members[0]!.key.node,
        message:
          `states ${cycleStates(found)} form a cycle of 'control: agent' states with no way out: no member has 'max_visits' and no ` +
          `terminal or 'control: user' state is reachable, so the agent keeps the turn forever.${budget} ` +
          `Bound it with 'max_visits' (and 'on_max_visits') on one member, or route an event to a 'control: user' or terminal state.`,
        related: members.map((s) => ({
          at: s.control?.node ?? s.key.node,
          message: `'${s.name}' is part of the cycle`,
        })),
      });
    }
  },
});
