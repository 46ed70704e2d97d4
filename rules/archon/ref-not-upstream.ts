import { defineRule } from '@orchlint/core';
import { loaderCheckedBindingRefs, nodeReferences, type ArchonNode, type WorkflowModel } from '@orchlint/archon';

/** Surfaces whose producer the loader itself requires upstream (archon/fan-out reports those). */
const ENGINE_CHECKED = /^fan_out\.items$/;

export default defineRule<WorkflowModel>({
  id: 'archon/ref-not-upstream',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'spec §8.2 ("when or output refs to nodes that are not transitive upstream dependencies"); runtime: a whole-text ref of a node that has not run becomes \'\', a .field ref throws (producer-not-run)',
  summary: 'a node reads the output of a node it does not wait for',
  check(model, report) {
    for (const node of model.nodes) {
      // The with: bindings the loader checks are archon/with-binding's: the file does not load.
      const bound = new Set(loaderCheckedBindingRefs(node).map((b) => b.ref.span.start));
      for (const ref of nodeReferences(node)) {
        const producer = model.analysis.resolve(node, ref.id, ref.where);
        if (
          !producer ||
          producer === node ||
          model.analysis.upstream(node).has(producer) ||
          enclosing(node, producer) ||
          ENGINE_CHECKED.test(ref.where) ||
          bound.has(ref.span.start)
        )
          continue;
        const effect =
          ref.field === undefined
            ? "it may not have run yet, and then the reference is replaced by ''"
            : 'it may not have run yet, and then reading a field fails the node';
        report({
          at: ref.span,
          message: `${node.label} reads '${ref.text}' in '${ref.where}', but '${ref.id}' is not among the nodes it waits for: ${effect}; add '${ref.id}' (or a node after it) to depends_on`,
        });
      }
    }
  },
});

/** The candidate contains the node (a loop_group around it), or is in the body the node's until_bash checks. */
function enclosing(node: ArchonNode, candidate: ArchonNode): boolean {
  if (node.body && candidate.scope === node.body) return true;
  for (let scope: ArchonNode['scope'] | undefined = node.scope; scope; scope = scope.parent)
    if (scope.owner === candidate) return true;
  return false;
}
