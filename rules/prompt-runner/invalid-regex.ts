import { defineRule, isSeq, type TreeNode } from '@orchlint/core';
import { EMap, lastClause, regexProblem, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/invalid-regex';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/invalid-regex',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner verifier: matches.pattern (Regex.compile, no flags), stdout_matches ("iu") and source_absent patterns ("u") are compiled at run time; one that does not compile fails the check',
  summary: 'regexes in matches, stdout_matches and source_absent must compile (PCRE)',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const tree = c.file.tree;
      if (!tree) continue;
      const check = (node: TreeNode | undefined, flags: '' | 'u' | 'iu', where: string) => {
        const text = (node as { value?: unknown } | undefined)?.value;
        if (!node || typeof text !== 'string') return;
        const problem = regexProblem(text, flags);
        if (!problem) return;
        report({
          at: node,
          source: c.file.source,
          message: `${LOADS_BUT}${where} does not compile as a regular expression: ${problem}; the runner compiles it with PCRE at verify time, so the check always fails. Fix the pattern (escape literal characters with \\)`,
        });
      };
      for (const entry of lastClause(c.clauses, 'matches')?.entries ?? []) {
        if (!(entry.term instanceof EMap)) continue;
        check(tree.get(entry.node, entry.term.get('pattern') ? 'pattern' : 'matches'), '', 'matches pattern');
      }
      for (const command of c.commands) {
        const term = command.entry.term;
        if (term instanceof EMap && typeof term.get('stdout_contains') !== 'string')
          check(tree.get(command.entry.node, 'stdout_matches'), 'iu', 'stdout_matches');
      }
      for (const entry of lastClause(c.clauses, 'source_absent')?.entries ?? []) {
        if (!(entry.term instanceof EMap)) continue;
        for (const key of ['patterns', 'pattern']) {
          const node = tree.get(entry.node, key);
          for (const n of isSeq(node) ? tree.items(node) : [node]) check(n, 'u', `source_absent ${key}`);
        }
      }
    }
  },
});
