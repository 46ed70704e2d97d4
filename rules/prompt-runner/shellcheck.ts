import { defineRule, SHELLCHECK_EXCLUDED_CODES, shellCheckSpan } from '@orchlint/core';
import { commandShell, type CommandShell, type Contract, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/shellcheck';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/shellcheck',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'ShellCheck (warning level and above) on each legacy verify command, which the runner runs with bash -c as written (verifier.ex); run by the CLI when shellcheck is installed',
  summary: 'ShellCheck finds a problem in a legacy verify command',
  check(model, report, context) {
    if (model.kind !== 'packet' || !context.shellcheck) return;
    const contracts = model.prompts.map((p) => p.contract);
    if (model.agentControl?.contract) contracts.push(model.agentControl.contract);
    const shells: Array<{ contract: Contract; shell: CommandShell }> = [];
    for (const contract of contracts)
      for (const command of contract.commands) {
        const shell = commandShell(contract, command);
        if (shell && !shell.script.error) shells.push({ contract, shell });
      }
    const results = context.shellcheck(
      shells.map((s) => s.shell.script.text),
      SHELLCHECK_EXCLUDED_CODES,
    );
    shells.forEach(({ contract, shell }, i) => {
      for (const f of results[i] ?? []) {
        report({
          at: shell.sourceSpan(shellCheckSpan(shell.script.text, f)),
          source: contract.file.source,
          message: `SC${f.code} (${f.level}) in a verify command: ${f.message} (https://www.shellcheck.net/wiki/SC${f.code})`,
        });
      }
    });
  },
});
