import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/until-whitespace',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'loop.ts: `until` is validated non-blank but not trimmed; executor-shared.ts detectCompletionSignal matches it verbatim (in a tag, at the end of the output, or on a line of its own)',
  summary: 'a loop completion signal with leading or trailing whitespace rarely matches',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'loop' && node.kind !== 'loop_group') continue;
      const until = node.blocks.get(node.kind)?.byKey.get('until');
      const signal = until?.value;
      if (!until?.node || typeof signal !== 'string' || signal.trim() === '' || signal === signal.trim()) continue;
      report({
        at: until.node,
        message:
          `${node.label}: '${node.kind}.until' is ${JSON.stringify(signal)}, and Archon matches the signal as written, whitespace included` +
          `${/\n$/.test(signal) ? ' (a block scalar | keeps the final line break)' : ''}: only output with the same whitespace around the signal matches, so <promise>${signal.trim()}</promise> does not end the loop, ` +
          `and it may run to max_iterations and fail. Write the signal without the whitespace (until: ${signal.trim()})`,
      });
    }
  },
});
