import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/markdown-fallback';

/** Names that are documentation, not prompts, whatever folder they are in. */
const NOT_A_PROMPT = /(^readme|^changelog|^license|^notes?\b|\.checklist\.md$)/i;

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/markdown-fallback',
  dialect: 'prompt-runner',
  severity: 'info',
  clause: 'note',
  basis:
    'Prompt Runner DirectorySource.prompt_files/1: with no *.prompt.md in the prompt folder, every *.md there becomes a prompt',
  summary: 'the prompt folder holds no *.prompt.md, so every Markdown file in it is run as a prompt',
  check(model, report) {
    if (model.kind !== 'packet' || !model.markdownFallback) return;
    for (const p of model.prompts) {
      const name = p.file.name;
      report({
        at: { start: 0, end: p.file.source.lineEnd(0) },
        source: p.file.source,
        message: NOT_A_PROMPT.test(name)
          ? `${name} is run as a prompt: '${model.promptDir}' holds no *.prompt.md, so Prompt Runner takes every *.md in it, this one too, and sends its text to the provider. Name the prompts *.prompt.md (then only they are read), or move this file out of the folder`
          : `${name} is run as a prompt because '${model.promptDir}' holds no *.prompt.md, so Prompt Runner takes every *.md in it; name prompts *.prompt.md so that notes and checklists beside them are not run`,
      });
    }
  },
});
