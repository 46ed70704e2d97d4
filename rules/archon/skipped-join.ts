import { defineRule } from '@orchlint/core';
import type { ArchonNode, WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/skipped-join',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'parameter matrix, silent failures: "trigger_rule: all_success after when-gated branches"; spec §8.2 — a skipped dependency propagates its skip under the default trigger_rule',
  summary: 'a join with the implicit all_success is skipped whenever one of its when-gated branches is',
  check(model, report) {
    for (const node of model.nodes) {
      // A join with its own when: is gated on purpose; its author already decides when it runs.
      if (node.fields.has('trigger_rule') || node.when || node.dependsOn.length < 2) continue;
      const producers = node.dependsOn.map((d) =>
        typeof d.value === 'string' ? node.scope.byId.get(d.value) : undefined,
      );
      // Branches gated by the same when: run or skip together, so a join on them (and on nodes along
      // their paths: upstream of one, or downstream of one) is their conditional phase: it runs exactly
      // when they do. One gated node is the simplest such group.
      const byCondition = new Map<string, ArchonNode[]>();
      for (const p of producers) {
        const condition = p?.when?.located.value.trim();
        if (condition !== undefined) byCondition.set(condition, [...(byCondition.get(condition) ?? []), p!]);
      }
      const onTheirPath = (gates: ArchonNode[]): boolean =>
        producers.every(
          (p) =>
            !p ||
            gates.some(
              (gate) => p === gate || model.analysis.upstream(gate).has(p) || model.analysis.upstream(p).has(gate),
            ),
        );
      const excused = new Set([...byCondition.values()].filter(onTheirPath).flat());
      const gated = node.dependsOn.filter((_, i) => producers[i]?.when && !excused.has(producers[i]!));
      if (!gated.length) continue;
      const names = gated.map((d) => `'${String(d.value)}'`).join(', ');
      report({
        at: gated[0]!.node,
        message:
          `${node.label} joins ${node.dependsOn.length} branches with the implicit trigger_rule all_success, so whenever ${names} ${gated.length > 1 ? 'are' : 'is'} skipped by its when:, ${node.label} is skipped too. ` +
          'To run after whichever branches ran, set trigger_rule: none_failed_min_one_success (or all_done); if the skip is intended, write trigger_rule: all_success',
      });
    }
  },
});
