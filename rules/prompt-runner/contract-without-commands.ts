import { defineRule } from '@orchlint/core';
import { lastClause, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'contract_without_commands';

const CONTENT_CLAUSES = ['contains', 'matches', 'doc'];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/contract-without-commands',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'Prompt Runner 0.12.1 packet lint `contract_without_commands`',
  summary: 'a contract should hold a command or a content assertion (contains, matches, doc), not only file existence',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      if (c.commands.length || c.evaluable === 0) continue;
      if (CONTENT_CLAUSES.some((name) => (lastClause(c.clauses, name)?.entries.length ?? 0) > 0)) continue;
      report({
        at: c.anchor,
        source: c.file.source,
        message:
          'verify contract has no commands: entry and no content assertion (contains/matches/doc); files_exist alone is satisfied by an empty file, so the contract cannot tell a finished artifact from a touched one',
      });
    }
  },
});
