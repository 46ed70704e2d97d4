import { cycleThrough, cyclicComponents, reachableFrom, defineRule } from '@flowlint/core';
import { effectiveControl, hasMaxVisits, isTerminal, type PackModel } from '@flowlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-cycle-without-exit',
  dialect: 'promptpack',
  severity: 'warning',
  basis:
    'RFC 0014, validation rule 4: "Validators SHOULD warn when a cycle of control: agent states has no reachable control: user or terminal state and no max_visits on any member"',
  summary: 'a cycle of control: agent states that nothing bounds keeps the user out forever',
  check(pack, report) {
    const workflow = pack.workflow;
    if (!workflow) return;
    const { graph, states } = workflow;
    for (const component of cyclicComponents(graph)) {
      const members = component.map((name) => states.get(name)!);
      if (!members.every((s) => effectiveControl(s) === 'agent')) continue;
      if (members.some(hasMaxVisits)) continue;
      const exit = [...reachableFrom(graph, component)].find((name) => {
        const s = states.get(name)!;
        return isTerminal(s) || effectiveControl(s) === 'user';
      });
      if (exit) continue;
      const inSet = new Set(component);
      const first = [...component].sort((a, b) => (states.get(a)!.keyNode.range?.[0] ?? 0) - (states.get(b)!.keyNode.range?.[0] ?? 0))[0]!;
      const cycle = cycleThrough(graph, first, inSet).join(' → ');
      const budget = workflow.budget
        ? ` engine.budget bounds the whole run, but the user still never gets a turn inside this cycle.`
        : '';
      report({
        at: states.get(first)!.keyNode,
        message:
          `states ${cycle} form a cycle of 'control: agent' states with no way out: no member has 'max_visits' and no ` +
          `terminal or 'control: user' state is reachable, so the agent keeps the turn forever.${budget} ` +
          `Bound it with 'max_visits' (and 'on_max_visits') on one member, or route an event to a 'control: user' or terminal state.`,
        related: members.map((s) => ({ at: s.control?.node ?? s.keyNode, message: `'${s.name}' is part of the cycle` })),
      });
    }
  },
});
