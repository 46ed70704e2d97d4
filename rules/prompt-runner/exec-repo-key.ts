import { defineRule } from '@orchlint/core';
import { PACKET_REPO_ALIAS, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/exec-repo-key';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/exec-repo-key',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.resolved_command/6: `Map.get(repo_index, program, …)` replaces an exec equal to a repo key (a packet repo, or packet) by that repo\'s root directory, which is no executable: "executable not found", a verifier_fault that halts the run',
  summary: 'a commands exec must not be the bare name of a packet repo (or packet): the runner runs the repo directory',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const keys = new Set([...model.repoNames, PACKET_REPO_ALIAS]);
    for (const c of model.contracts) {
      for (const command of c.commands) {
        const program = command.program;
        if (!program || !keys.has(program.value)) continue;
        const what = program.value === PACKET_REPO_ALIAS ? 'the packet directory' : `repo '${program.value}'`;
        report({
          at: program.node,
          source: c.file.source,
          message:
            `${LOADS_BUT}exec '${program.value}' is also the name of ${what}, so the runner replaces it by that root directory and tries to run the directory: "executable not found", a verifier_fault that halts the run without a repair. ` +
            `Name the program by a path (exec: ./${program.value}, or "@repo:${program.value}/<file>") or rename the repo`,
        });
      }
    }
  },
});
