import { defineRule } from '@orchlint/core';
import { EMap, lastClause, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/source-absent-without-pattern';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/source-absent-without-pattern',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis: 'Prompt Runner Verifier.SourceAbsent: "source_absent requires at least one pattern"',
  summary: 'a source_absent entry needs pattern or patterns',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const entry of lastClause(c.clauses, 'source_absent')?.entries ?? []) {
        if (!(entry.term instanceof EMap)) continue;
        const patterns = entry.term.get('patterns') ?? entry.term.get('pattern');
        if ((typeof patterns === 'string' && patterns !== '') || (Array.isArray(patterns) && patterns.length)) continue;
        report({
          at: entry.node ?? entry.span,
          source: c.file.source,
          message:
            LOADS_BUT +
            'this source_absent entry has no pattern, so it always fails ("source_absent requires at least one pattern"); add pattern: or patterns: with the regexes that must not appear',
        });
      }
    }
  },
});
