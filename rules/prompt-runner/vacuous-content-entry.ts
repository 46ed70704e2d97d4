import { defineRule } from '@orchlint/core';
import { EMap, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/vacuous-content-entry';

/** The clause's text key and its alias: without either, the runner checks for "". */
const CONTENT: Record<string, [string, string, string]> = {
  contains: ['text', 'contains', 'substring'],
  matches: ['pattern', 'matches', 'pattern'],
};

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/vacuous-content-entry',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Verifier.resolve_content_entry/3 and resolve_match_entry/3: a bare string, or a mapping without text/pattern, checks for "", which every existing file holds',
  summary: 'contains and matches entries need the text or pattern to look for',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const clause of c.clauses) {
        const keys = CONTENT[clause.key.value];
        if (!keys) continue;
        for (const entry of clause.entries) {
          const bare = typeof entry.term === 'string';
          if (!bare && !(entry.term instanceof EMap && !entry.term.has(keys[0]) && !entry.term.has(keys[1]))) continue;
          report({
            at: entry.node ?? entry.span,
            source: c.file.source,
            message:
              `this ${clause.key.value} entry names no ${keys[2]}, so it checks for the empty string and passes whenever the file exists` +
              ` (and, as a content assertion, it keeps contract_without_commands quiet); write { path: …, ${keys[0]}: … }`,
          });
        }
      }
    }
  },
});
