import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/placeholder-body';

const MARKER = 'prompt_runner:placeholder';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/placeholder-body',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner packet doctor `prompt_placeholder_body` ("prompt still contains scaffold placeholder markers", Template.contains_placeholder_markers?/1); packet lint does not report it',
  summary: 'a prompt body that still holds scaffold placeholders',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      const at = p.file.body.indexOf(MARKER);
      if (at < 0) continue;
      const start = p.file.bodyStart + at;
      report({
        at: { start, end: start + MARKER.length },
        source: p.file.source,
        message: `the prompt body still holds a scaffold placeholder (<!-- ${MARKER} … -->), and the body is exactly what the provider receives; write that section and remove the marker`,
      });
    }
  },
});
