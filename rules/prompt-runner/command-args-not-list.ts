import { defineRule } from '@orchlint/core';
import { EMap, termOf, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/command-args-not-list';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/command-args-not-list',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner Verifier.normalize_argv/1: a list is the argv; null is no argument; any other value becomes ONE argument (to_string), and a mapping raises',
  summary: "a command's args (argv) must be a list",
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const tree = c.file.tree;
      if (!tree) continue;
      for (const command of c.commands) {
        if (!command.program) continue;
        const e = command.keys.find((k) => k.key.value === 'args') ?? command.keys.find((k) => k.key.value === 'argv');
        if (!e?.node || e.type === 'array') continue;
        const term = termOf(tree, e.node);
        if (term === null) continue;
        const text = c.file.source.text.slice(e.node.range?.[0] ?? 0, e.node.range?.[1] ?? 0);
        report({
          at: e.node,
          source: c.file.source,
          message:
            term instanceof EMap
              ? `${e.key.value} is a mapping, which the verifier cannot turn into arguments (it raises); write ${e.key.value} as a list of strings`
              : `${e.key.value} is not a list, so the runner passes ${text} as one single argument (no shell splits it); write ${e.key.value}: [${text
                  .replace(/^["']|["']$/g, '')
                  .split(/\s+/)
                  .map((a) => JSON.stringify(a))
                  .join(', ')}]`,
        });
      }
    }
  },
});
