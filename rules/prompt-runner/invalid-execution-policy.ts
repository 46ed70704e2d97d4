import { defineRule } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'invalid_execution_policy';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/invalid-execution-policy',
  dialect: 'prompt-runner',
  severity: 'error',
  basis: 'Prompt Runner 0.13 packet lint `invalid_execution_policy` (CompletionPolicy.normalize/1); only when targeting 0.13 or later',
  summary: 'execution must be {completion: verifier_owned[, incomplete: fail]} or {completion: agent_owned, incomplete: repeat}',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.execution?.problem) return;
    const { reason, at } = model.execution.problem;
    report({ at, source: model.manifest.file.source, message: `execution policy is invalid: ${inspect(reason)}` });
  },
});
