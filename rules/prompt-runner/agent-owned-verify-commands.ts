import { defineRule } from '@orchlint/core';
import { lastClause, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'agent_owned_verify_commands';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/agent-owned-verify-commands',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner 0.13 packet lint `agent_owned_verify_commands` (CompletionPolicy.command_contract?/2); only when targeting 0.13 or later',
  summary: 'an agent-owned packet must not give prompts verify.commands or validation commands',
  check(model, report) {
    if (model.kind !== 'packet' || model.execution?.completion !== 'agent_owned') return;
    for (const p of model.prompts) {
      const c = p.contract;
      if (!c.commands.some((cmd) => cmd.entry.term !== null) && p.validationCommandCount === 0) continue;
      report({
        at: lastClause(c.clauses, 'commands')?.key ?? c.commands[0]?.entry.span ?? c.anchor,
        source: p.file.source,
        message:
          'agent-owned completion forbids verify.commands and validation_commands; put executable quality-control commands in the agent instructions',
      });
    }
  },
});
