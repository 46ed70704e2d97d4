import { defineRule } from '@orchlint/core';
import { includeWhenConflicts, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-when',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "include-expander.ts: \"cannot combine the include's when … because one side uses '||'\"; \"input substitution made included node '<n>' field 'when' unparseable\"",
  summary: "an include's when: and its inputs must compose with the block's own conditions",
  check(model, report) {
    for (const node of model.nodes) {
      const c = includeWhenConflicts(model, node);
      if (!c || !node.include) continue;
      for (const entry of c.orMerges) {
        report({
          at: node.when!.located.node,
          message:
            `${node.label}: cannot combine the include's when ('${node.when!.located.value}') with entry node '${entry.id}' own when ('${entry.when!.located.value}') because one side uses '||'. ` +
            "The when: grammar has no parentheses and '&&' binds tighter than '||', so combining would change precedence — put the gate only on the include node, or gate inside the block",
          related: [{ at: entry.when!.located.node, source: c.source, message: "the entry node's own when" }],
        });
      }
      for (const s of c.substitutions) {
        report({
          at: node.include.target.node,
          message:
            `${node.label}: input substitution made included node '${s.node.id}' field 'when' unparseable: "${s.before}" became "${s.after}". ` +
            "Put '$INPUTS.<name>' inside the quoted literal on the right-hand side of a comparison whose left-hand side is a node-output reference",
          related: [{ at: s.node.when!.located.node, source: c.source, message: 'the included condition' }],
        });
      }
    }
  },
});
