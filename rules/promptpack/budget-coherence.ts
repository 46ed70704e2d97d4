import { defineRule } from '@orchlint/core';
import { reachableStates, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/budget-coherence',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0009: "If engine.budget.max_total_visits is set, it should be >= the sum of all reachable states\' max_visits values. Warn if per-state limits exceed the global budget"',
  summary: 'max_total_visits below the sum of the reachable states’ max_visits',
  check(pack, report) {
    const workflow = pack.workflow;
    const total = workflow?.budget?.maxTotalVisits;
    if (!workflow || typeof total?.value !== 'number') return;
    const reachable = workflow.entryPoints.length ? reachableStates(workflow) : new Set(workflow.states.keys());
    const limited: string[] = [];
    let sum = 0;
    for (const name of reachable) {
      const visits = workflow.states.get(name)!.maxVisits?.value;
      if (typeof visits !== 'number') continue;
      sum += visits;
      limited.push(`${name} ${visits}`);
    }
    if (sum <= total.value) return;
    report({
      at: total.node,
      message:
        `engine.budget.max_total_visits is ${total.value}, but the reachable states' max_visits add up to ${sum} ` +
        `(${limited.join(', ')}), so the global budget runs out before some per-state limits can be reached; ` +
        `raise max_total_visits to at least ${sum}, or lower the per-state limits`,
    });
  },
});
