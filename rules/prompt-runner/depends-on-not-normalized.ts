import { defineRule } from '@orchlint/core';
import { inspect, normalizeId, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/depends-on-not-normalized';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/depends-on-not-normalized',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Scheduler: depends_on items are compared as written to normalized ids ("01"); DirectorySource keeps depends_on only when it is a list',
  summary: 'depends_on must be a list of normalized id strings ("01", not 1 or "1")',
  fixable: true,
  check(model, report) {
    if (model.kind !== 'packet') return;
    const ids = new Set(model.prompts.flatMap((p) => (p.id === undefined ? [] : [p.id])));
    for (const p of model.prompts) {
      const field = p.dependsOnField;
      const value = p.file.tree ? field?.node : undefined;
      if (field && value && field.type !== 'array' && field.type !== 'null') {
        const single = field.type !== 'object' ? normalizeId(field.value as string | number) : undefined;
        report({
          at: value,
          source: p.file.source,
          message:
            'depends_on is not a list, so the runner silently ignores it and the prompt waits for nothing; write a list of prompt ids',
          ...(single && ids.has(single)
            ? { fix: { title: `Write ["${single}"]`, edits: [{ at: value, newText: `["${single}"]` }] } }
            : {}),
        });
        continue;
      }
      for (const dep of p.dependsOn) {
        const normalized = normalizeId(dep.term);
        if (normalized === undefined || dep.term === normalized || !ids.has(normalized)) continue;
        report({
          at: dep.node,
          source: p.file.source,
          message: `depends_on item ${inspect(dep.term)} is compared as written to the normalized prompt ids, so it matches no prompt and planning fails; write "${normalized}"`,
          fix: { title: `Write "${normalized}"`, edits: [{ at: dep.node, newText: `"${normalized}"` }] },
        });
      }
    }
  },
});
