import { defineRule, isSeq } from '@orchlint/core';
import { termOf, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/targets-not-a-list';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/targets-not-a-list',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner DirectorySource.parse_targets/2 reads targets only when it is a list; anything else is silently ignored',
  summary: 'targets must be a YAML list',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      const tree = p.file.tree;
      const e = tree && p.file.attributes ? tree.entry(p.file.attributes, 'targets') : undefined;
      if (!tree || !e?.value || isSeq(tree.resolve(e.value)) || termOf(tree, e.value) === null) continue;
      const text = p.file.source.text.slice(e.value.range?.[0] ?? 0, e.value.range?.[1] ?? 0);
      report({
        at: e.value,
        source: p.file.source,
        message: `targets must be a list; Prompt Runner silently ignores 'targets: ${text}', so the prompt runs in the default repo instead; write targets: [${text}]`,
      });
    }
  },
});
