import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

const INCLUDE_REASON: Record<string, string> = {
  isolation: "a composed block runs inside the caller's run and checkout",
  fan_out: 'include is load-time inlining of one block, not a runtime fan-out',
  input: "a composed block reads the caller's $ARGUMENTS; pass named values through with:",
  mutates_checkout:
    "a composed block shares the run's single checkout, so concurrency safety is the composing workflow's to declare. Set it at workflow level",
};

export default defineRule<WorkflowModel>({
  id: 'archon/workflow-only-field',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "dag-node.ts superRefine: \"'isolation' is only supported on workflow (sub-run) nodes\", \"'fan_out' …\", \"'<f>' is not supported on an include node\", \"'with:' and 'input:' cannot both be set on a workflow node\"",
  summary: 'input, isolation and fan_out belong to workflow: nodes only',
  check(model, report) {
    const composedFanOut = model.version !== '0.9';
    for (const node of model.nodes) {
      if (!node.kind) continue;
      if (node.kind === 'workflow') {
        const input = node.fields.get('input');
        if (input && node.fields.has('with')) {
          report({
            at: input.key,
            message: `${node.label}: 'with:' and 'input:' cannot both be set on a workflow node — 'with:' supplies named $INPUTS, 'input:' supplies the child's $ARGUMENTS. Use one`,
          });
        }
        continue;
      }
      for (const field of ['isolation', 'fan_out', 'input', 'mutates_checkout']) {
        const entry = node.fields.get(field);
        if (!entry) continue;
        if (node.kind === 'include') {
          if (field === 'fan_out' && composedFanOut) {
            if (!node.blocks.get('fan_out')!.byKey.has('as'))
              report({
                at: entry.key,
                message: `${node.label}: a composed fan-out (include + fan_out) requires 'fan_out.as', the input each instance receives its item as`,
              });
            continue;
          }
          report({
            at: entry.key,
            message: `${node.label}: '${field}' is not supported on an include node: ${INCLUDE_REASON[field]}. Use a 'workflow:' node instead when you want a separate governed run`,
          });
        } else if (field !== 'mutates_checkout') {
          const where =
            composedFanOut && field === 'fan_out' ? 'workflow (sub-run) and include nodes' : 'workflow (sub-run) nodes';
          report({
            at: entry.key,
            message: `${node.label}: '${field}' is only supported on ${where}; Archon refuses to load the workflow. Move it to a 'workflow:' node that runs the work as a child run`,
          });
        }
      }
    }
  },
});
