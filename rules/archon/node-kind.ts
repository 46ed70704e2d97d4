import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/node-kind',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "dag-node.ts superRefine: \"must have either 'command', 'prompt', 'bash', 'loop', 'loop_group', 'approval', 'cancel', 'script', 'include', or 'workflow'\" / \"… are mutually exclusive\"",
  summary: 'every node needs exactly one kind key',
  check(model, report) {
    const kinds =
      model.version === '0.9'
        ? 'command, prompt, bash, script, loop, loop_group, approval, cancel, include or workflow'
        : 'command, prompt, bash, script, loop, loop_group, approval, cancel, include, workflow or wait';
    for (const node of model.nodes) {
      if (node.kindEntries.length === 0) {
        report({
          at: node.idField?.key ?? node.node,
          message: `${node.label} has no kind: give it exactly one of ${kinds}; Archon refuses to load the workflow`,
        });
      } else if (node.kindEntries.length > 1) {
        const [first, ...others] = node.kindEntries;
        for (const other of others) {
          report({
            at: other.entry.key,
            message: `${node.label} is already a '${first!.kind}' node; '${other.kind}' is a second kind and the kinds are mutually exclusive: split it into two nodes joined by depends_on`,
            related: [{ at: first!.entry.key, message: `the node's first kind, '${first!.kind}'` }],
          });
        }
      }
    }
  },
});
