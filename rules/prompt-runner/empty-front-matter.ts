import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/empty-front-matter';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/empty-front-matter',
  dialect: 'prompt-runner',
  severity: 'info',
  clause: 'note',
  basis:
    'Prompt Runner FrontMatter.split/1 (\\A---\\n(.*?)\\n---): an empty block written ---\\n--- does not match, so the file has no front matter and the fence lines are body',
  summary: 'an empty ---/--- block is not read as front matter: the fence lines reach the model',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      if (!p.file.emptyBlock) continue;
      report({
        at: { start: 0, end: p.file.source.lineEnd(1) },
        source: p.file.source,
        message:
          "this empty front matter block (--- straight after ---) is not read as one: Prompt Runner needs a line between the fences, so the prompt has no front matter and both '---' lines go to the provider as the start of its text. Put an empty line between them, or drop the block",
      });
    }
  },
});
