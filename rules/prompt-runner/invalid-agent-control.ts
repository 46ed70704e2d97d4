import { defineRule } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'invalid_agent_control';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/invalid-agent-control',
  dialect: 'prompt-runner',
  severity: 'error',
  basis: 'Prompt Runner 0.12.1 packet lint `invalid_agent_control` (AgentControl.config/1, its seven checks in order)',
  summary: 'agent_control must be a valid block: known keys, boolean enabled, continue/repeat, positive max_iterations, a real completion_verify',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.agentControl?.problem) return;
    const { reason, at } = model.agentControl.problem;
    report({ at, source: model.manifest.file.source, message: `agent_control is invalid: ${inspect(reason)}` });
  },
});
