import { defineRule } from '@orchlint/core';
import { WITH_KINDS, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/with-ignored',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'loader.ts parse warning: "\'with\' is only supported on command, script, include, and workflow nodes — it is ignored here"',
  summary: 'with: on a node kind that ignores it',
  check(model, report) {
    for (const node of model.nodes) {
      const entry = node.fields.get('with');
      if (!entry || !node.kind || WITH_KINDS.has(node.kind)) continue;
      const hint =
        node.kind === 'bash'
          ? 'reference $node.output or $ARGUMENTS in the script text, or make it a script: node'
          : "write the values into the node's text";
      report({
        at: entry.key,
        message: `${node.label}: 'with' is only supported on command, script, include and workflow nodes — it is ignored on a ${node.kind} node; ${hint}`,
      });
    }
  },
});
