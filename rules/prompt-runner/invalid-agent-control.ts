import { defineRule, didYouMean } from '@orchlint/core';
import { Atom, Tuple, type PromptRunnerModel, type Term } from '@orchlint/prompt-runner';

export const kind = 'invalid_agent_control';

const OPTION_KEYS = ['enabled', 'default_action', 'max_iterations', 'completion_verify'];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/invalid-agent-control',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `invalid_agent_control` (AgentControl.config/1, its seven checks in order)',
  summary:
    'agent_control must be a valid block: known keys, boolean enabled, continue/repeat, positive max_iterations, a real completion_verify',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.agentControl?.problem) return;
    const { reason, at } = model.agentControl.problem;
    const source = model.manifest.file.source;
    // `orchlint packet lint` prints the runner's own `agent_control is invalid: <inspect(reason)>`.
    report({ at, source, message: `agent_control is invalid: ${inYaml(reason, source.text.slice(at.start, at.end))}` });
  },
});

/** The runner's reason, said in the YAML the author wrote; `written` is the text at the finding. */
function inYaml(reason: Term, written: string): string {
  const [tag, value] = reason instanceof Tuple ? [reason.items[0], reason.items[1]] : [reason, undefined];
  const name = tag instanceof Atom ? tag.name : '';
  switch (name) {
    case 'invalid_agent_control':
      return `it must be a mapping of ${OPTION_KEYS.join(', ')}, not ${written}`;
    case 'unknown_agent_control_options': {
      const keys = Array.isArray(value) ? value.map(String) : [];
      const hints = keys.map((k) => `'${k}'${didYouMean(k, OPTION_KEYS).replace(/^; /, ' (').replace(/\?$/, '?)')}`);
      return `unknown key${keys.length > 1 ? 's' : ''} ${hints.join(', ')}; the keys are ${OPTION_KEYS.join(', ')}`;
    }
    case 'invalid_agent_control_enabled':
      return `enabled must be true or false, not ${written}`;
    case 'invalid_agent_control_default_action':
      return `default_action must be continue or repeat, not ${written}`;
    case 'invalid_agent_control_max_iterations':
      return `max_iterations must be a positive integer (a YAML number, not a quoted string), not ${written}`;
    case 'invalid_agent_control_completion_verify':
      return `completion_verify must be a mapping of verify clauses`;
    case 'agent_control_completion_verify_required':
      return `an enabled agent_control needs a completion_verify with at least one check (files_exist, commands, …)`;
    default:
      return written;
  }
}
