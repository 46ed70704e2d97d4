import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/state-prompt-task',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0005: "All prompt_task values must reference valid keys in the prompts object" (the entry state\'s included); RFC 0010 rule 3',
  summary: "a state's prompt_task must name a prompt",
  check(pack, report) {
    const workflow = pack.workflow;
    for (const state of workflow?.states.values() ?? []) {
      // A composition state does not use prompt_task (RFC 0010), so a stale one does no harm.
      if (state.orchestration?.value === 'composition') continue;
      const task = stringOf(state.promptTask);
      if (task === undefined || pack.prompts.has(task)) continue;
      const role = stringOf(workflow!.entry) === state.name ? 'the entry state' : 'state';
      report({
        at: state.promptTask!.node,
        message:
          `${role} '${state.name}' runs prompt_task '${task}', which is not a key of prompts${suggestion(task, pack.prompts.keys(), 'prompts')}; ` +
          `point prompt_task at an existing prompt or add prompts.${task}`,
      });
    }
  },
});
