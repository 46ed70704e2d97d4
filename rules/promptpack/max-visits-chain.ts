import { defineRule } from '@orchlint/core';
import { forcedExitCycles, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/max-visits-chain',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0009: "If the target state itself has max_visits, ensure the workflow can still terminate (no infinite forced-exit chains)"',
  summary: 'on_max_visits redirects that lead back to themselves never end once every state is exhausted',
  check(pack, report) {
    const workflow = pack.workflow;
    if (!workflow) return;
    for (const members of forcedExitCycles(workflow)) {
      const first = members[0]!;
      const chain = [...members.map((s) => s.name), first.name].join(' → ');
      report({
        at: first.onMaxVisits!.node,
        message:
          `the forced exits ${chain} form a loop: every state in it has max_visits, so once all are exhausted each ` +
          `on_max_visits lands on another exhausted state and the workflow never ends` +
          `${workflow.budget ? ' (only engine.budget stops it)' : ''}; send one of them to a state without max_visits, ` +
          `or remove its on_max_visits so the workflow ends there`,
        related: members.slice(1).map((s) => ({ at: s.onMaxVisits!.node, message: `'${s.name}' is part of the loop` })),
      });
    }
  },
});
