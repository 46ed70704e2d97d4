import { defineRule, fetchedCodeRuns, unpinnedRun, type ShellCommand, type ShellWord } from '@orchlint/core';
import { commandShell, type PromptRunnerModel } from '@orchlint/prompt-runner';
import { fetchedMessage, unpinnedMessage } from '../supply-chain.js';

export const kind = 'prompt-runner/unpinned-code';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unpinned-code',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'derived: verify commands run as written — structured ones as a program and argv, legacy ones with bash -c (verifier.ex) — so npx -y, uvx and curl | sh there fetch and run whatever is served at that moment',
  summary: 'a verify command runs code fetched at run time without a pinned version or a check',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const contracts = model.prompts.map((p) => p.contract);
    if (model.agentControl?.contract) contracts.push(model.agentControl.contract);
    for (const contract of contracts) {
      const where = `a verify command of ${contract.promptId ? `prompt '${contract.promptId}'` : contract.file.name}`;
      for (const command of contract.commands) {
        const shell = commandShell(contract, command);
        if (shell) {
          for (const c of shell.script.commands) {
            const run = unpinnedRun(c);
            if (run?.word)
              report({
                at: shell.sourceSpan(run.word.span),
                source: contract.file.source,
                message: unpinnedMessage(run, where),
              });
            const how = fetchedCodeRuns(shell.script, c);
            if (how)
              report({
                at: shell.sourceSpan(c.span),
                source: contract.file.source,
                message: fetchedMessage(c, how, where),
              });
          }
          continue;
        }
        // A structured command: its program and arguments are the words, with no shell between.
        if (!command.program) continue;
        const argv = command.args.map((a) => ({ node: a.node, text: typeof a.term === 'string' ? a.term : undefined }));
        const structured: ShellCommand = { span: { start: 0, end: 0 }, words: [] };
        const word = (literal: string | undefined, index: number): ShellWord => ({
          span: { start: index, end: index },
          ...(literal !== undefined ? { literal } : {}),
          command: structured,
          index,
        });
        structured.words = [word(command.program.value, 0), ...argv.map((a, i) => word(a.text, i + 1))];
        structured.name = command.program.value;
        const run = unpinnedRun(structured);
        if (run?.word) {
          const node = run.word.index === 0 ? command.program.node : argv[run.word.index - 1]!.node;
          report({ at: node, source: contract.file.source, message: unpinnedMessage(run, where) });
        }
      }
    }
  },
});
