import { defineRule } from '@orchlint/core';
import { EMap, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/command-without-program';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/command-without-program',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.resolved_command/6: a commands entry with neither exec/program nor run/command becomes the legacy command "", and bash -c "" exits 0',
  summary: 'a commands entry must say what to run (exec or program; run or command for shell strings)',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const command of c.commands) {
        if (command.program || command.shell || !(command.entry.term instanceof EMap)) continue;
        report({
          at: command.entry.node ?? command.entry.span,
          source: c.file.source,
          message:
            LOADS_BUT +
            'this commands entry has no exec, program, run or command, so the runner executes bash -c "" and the check passes whatever the work did; add exec: (and args:, timeout_ms:)',
        });
      }
    }
  },
});
