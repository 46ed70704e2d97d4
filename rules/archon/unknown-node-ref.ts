import { defineRule, didYouMean } from '@orchlint/core';
import { nodeReferences, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/unknown-node-ref',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "loader.ts validateDagStructure: \"Node '<n>' field '<field>' references unknown node '$<id>.output'\" (text surfaces, scanned verbatim, and when:)",
  summary: '$id.output and when: references must name a node of this or an enclosing scope',
  check(model, report) {
    for (const node of model.nodes) {
      for (const ref of nodeReferences(node)) {
        if (ref.id === 'INPUTS' || model.analysis.resolve(node, ref.id, ref.where)) continue;
        const untilBash = ref.where === 'loop_group.until_bash';
        const visible: string[] = untilBash ? [...(node.body?.byId.keys() ?? [])] : [];
        for (let scope: typeof node.scope | undefined = node.scope; scope; scope = scope.parent)
          visible.push(...scope.byId.keys());
        report({
          at: ref.span,
          message:
            `${node.label} field '${ref.where}' references unknown node '${ref.text}'${didYouMean(ref.id, visible)}; Archon refuses to load the workflow. ` +
            (untilBash
              ? 'It may name a node of the loop_group body (not of a body nested in it) or of this or an enclosing scope. '
              : '') +
            "In a composed workflow, pass caller data through declared 'inputs:' and the caller's 'with:' instead of referencing a caller node",
        });
      }
    }
  },
});
