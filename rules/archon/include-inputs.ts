import { defineRule } from '@orchlint/core';
import { includeContract, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-inputs',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'workflow-inputs.ts / include-expander.ts: "included block \'<w>\' does not declare input(s)", "requires input(s) \'k\'. Pass it through \'with:\'", "references missing input(s) $INPUTS.x", "references \'$x.output\' outside its workflow namespace"',
  summary: "an include's with: must match the included workflow's inputs",
  check(model, report) {
    for (const node of model.nodes) {
      const c = includeContract(model, node);
      if (!c || !node.include) continue;
      const at = node.include.target.node;
      const block = `included block '${String(node.include.target.value)}'`;
      for (const entry of c.undeclared) {
        report({
          at: entry.keyNode,
          message: `${node.label}: ${block} does not declare input '${entry.key}'. Declared inputs: ${c.declared?.join(', ') || 'none'}; remove it or declare it under the block's inputs:`,
        });
      }
      for (const entry of c.missingRequired) {
        report({
          at,
          message: `${node.label}: ${block} requires input '${entry.key}'. Pass it through 'with:'`,
          related: [{ at: entry.keyNode, source: c.source, message: 'declared here' }],
        });
      }
      for (const ref of c.missingInputs) {
        report({
          at,
          message: `${node.label}: ${block} references missing input $INPUTS.${ref.name}. Pass it through 'with:' (with: { ${ref.name}: … })`,
          related: [{ at: ref.span, source: c.source, message: 'read here' }],
        });
      }
      for (const { node: inner, ref } of c.outsideRefs) {
        report({
          at,
          message: `${node.label}: ${block} ${inner.label} references '${ref.text}' outside its workflow namespace. Declare it under the block's inputs:, read it as $INPUTS.<name>, and pass it through this node's with:`,
          related: [{ at: ref.span, source: c.source, message: 'the reference' }],
        });
      }
    }
  },
});
