import { defineRule } from '@orchlint/core';
import { inspect, parseRequirement, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-version-requirement';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-version-requirement',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    "Prompt Runner workspace doctor: requires.prompt_runner is read with Elixir's Version.parse_requirement/1, and an unparsable requirement is never satisfied",
  summary: 'requires.prompt_runner must be a valid Elixir version requirement (">= 0.12.1 and < 0.13.0")',
  check(model, report) {
    const requirement = model.kind === 'workspace' ? model.requirementField : undefined;
    if (!requirement?.node) return;
    const value = requirement.value;
    if (value === null) return;
    if (typeof value !== 'string') {
      report({
        at: requirement.node,
        message: `requires.prompt_runner ${inspect(typeof value === 'number' ? value : null)} must be a requirement string such as ">= 0.12.1 and < 0.13.0"; workspace doctor never passes otherwise`,
      });
      return;
    }
    const parsed = parseRequirement(value);
    if ('error' in parsed) {
      report({
        at: requirement.node,
        message: `requires.prompt_runner ${inspect(value)} is not an Elixir version requirement: ${parsed.error}; workspace doctor never passes. Write clauses such as ">= 0.12.1 and < 0.13.0" (operators ==, >, >=, <, <=, ~>; full MAJOR.MINOR.PATCH versions)`,
      });
    }
  },
});
