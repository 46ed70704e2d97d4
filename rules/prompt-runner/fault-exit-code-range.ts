import { defineRule } from '@orchlint/core';
import { inspect, isIntegerScalar, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/fault-exit-code-range';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/fault-exit-code-range',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Verifier.normalize_exit_codes/1 keeps only integers 0..255 from a list and ignores anything else',
  summary: 'fault_exit_codes must be a list of integers from 0 to 255',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const tree = c.file.tree;
      for (const command of c.commands) {
        const entry = command.keys.find((k) => k.key.value === 'fault_exit_codes');
        if (!tree || !entry?.node) continue;
        if (entry.type !== 'array') {
          report({
            at: entry.node,
            source: c.file.source,
            message:
              'fault_exit_codes is not a list, so the runner ignores it and no exit code counts as a verifier fault; write a list such as [2]',
          });
          continue;
        }
        for (const item of tree.items(entry.node)) {
          const term = (item as { value?: unknown }).value;
          const ok = isIntegerScalar(item) && typeof term === 'number' && term >= 0 && term <= 255;
          if (ok) continue;
          report({
            at: item,
            source: c.file.source,
            message: `fault exit code ${inspect(typeof term === 'number' || typeof term === 'string' ? term : null)} is dropped silently: a process exit code is an integer from 0 to 255`,
          });
        }
      }
    }
  },
});
