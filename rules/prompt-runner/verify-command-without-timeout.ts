import { defineRule } from '@orchlint/core';
import { inspect, isTimeoutWrapped, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'verify_command_without_timeout';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/verify-command-without-timeout',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner 0.12.1 packet lint `verify_command_without_timeout` (a positive integer timeout_ms, or a GNU timeout wrapper)',
  summary: 'every verify command should be bounded: timeout_ms for structured commands, `timeout N` for shell strings',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const command of c.commands) {
        if (command.program) {
          const t = command.timeout;
          if (typeof t === 'number' && t > 0) continue;
          report({
            at: command.timeoutField?.node ?? command.program.key!,
            source: c.file.source,
            message: `structured verify command '${command.program.key!.value}: ${command.program.value}' has no positive timeout_ms, so a hung command blocks the run; add timeout_ms (milliseconds)`,
            // `orchlint packet lint` prints the runner's own wording, the command as an Elixir map.
            data: {
              upstreamMessage: `structured verify command has no positive timeout_ms: ${inspect(command.entry.term)}`,
            },
          });
        } else if (command.shell && !isTimeoutWrapped(command.shell.text)) {
          report({
            at: command.shell.node ?? command.shell.span,
            source: c.file.source,
            message: `legacy verify command has no timeout wrapper: ${inspect(command.shell.text)}`,
          });
        }
      }
    }
  },
});
