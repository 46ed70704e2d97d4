import { defineRule, didYouMean } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/failure-policy';

const POLICIES = ['fail_fast', 'continue_independent'];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/failure-policy',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Workspace.Manifest.load/1 keeps failure_policy as written (default "fail_fast"), and Runner keeps going only when it is exactly "continue_independent"; any other value is fail-fast, without a word',
  summary: 'failure_policy is fail_fast or continue_independent; any other value silently means fail_fast',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    const field = model.failurePolicyField;
    if (!field?.node || field.value === null || POLICIES.includes(field.value as string)) return;
    const near = typeof field.value === 'string' ? didYouMean(field.value, POLICIES) : '';
    report({
      at: field.node,
      message: `failure_policy ${typeof field.value === 'string' ? inspect(field.value) : JSON.stringify(field.value)} is not a policy the runner knows${near}: only "continue_independent" keeps independent prompts going after a failure, and anything else runs fail_fast, silently. Write continue_independent or fail_fast`,
    });
  },
});
