import { defineRule } from '@orchlint/core';
import { stepGraph, stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/composition-prompt-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0010 rule 7: "Every prompt_task reference in PromptStep and AgentStep must resolve to a key in the pack\'s prompts object"',
  summary: "a prompt or agent step's prompt_task must name a prompt",
  check(pack, report) {
    for (const composition of pack.compositions.values()) {
      for (const { step } of stepGraph(composition).steps) {
        const task = stringOf(step.promptTask);
        if (task === undefined || pack.prompts.has(task)) continue;
        report({
          at: step.promptTask!.node,
          message:
            `${step.label} of composition '${composition.key.value}' runs prompt_task '${task}', which is not a key of prompts` +
            `${suggestion(task, pack.prompts.keys(), 'prompts')}; name an existing prompt or add prompts.${task}`,
        });
      }
    }
  },
});
