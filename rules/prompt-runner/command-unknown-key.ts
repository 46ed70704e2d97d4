import { defineRule, didYouMean } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/command-unknown-key';

/** Keys the verifier reads from a commands entry, structured and legacy forms together. */
const COMMAND_KEYS = [
  'exec',
  'program',
  'args',
  'argv',
  'timeout_ms',
  'cwd',
  'env',
  'stdout_contains',
  'stdout_matches',
  'fault_exit_codes',
  'regenerates',
  'repo',
  'run',
  'command',
];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/command-unknown-key',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Verifier.resolve_command_entry/3 reads only exec/program, args/argv, timeout_ms, cwd, env, stdout_contains, stdout_matches, fault_exit_codes, regenerates, repo, run/command; other keys are ignored',
  summary: 'a commands entry should hold only keys the verifier reads',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const command of c.commands) {
        for (const k of command.keys) {
          if (COMMAND_KEYS.includes(k.key.value)) continue;
          report({
            at: k.key,
            source: c.file.source,
            message: `commands entry key '${k.key.value}' is ignored by the verifier${suggestion(k.key.value)}; known keys: ${COMMAND_KEYS.join(', ')}`,
          });
        }
      }
    }
  },
});

/** `timeout` → `timeout_ms` (a unit suffix away), else the nearest key by spelling. */
function suggestion(key: string): string {
  const suffixed = COMMAND_KEYS.find((k) => k.startsWith(`${key}_`));
  return suffixed ? ` (did you mean '${suffixed}'?)` : didYouMean(key, COMMAND_KEYS);
}
