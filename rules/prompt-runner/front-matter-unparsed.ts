import { defineRule } from '@orchlint/core';
import { LOADS_BUT, type MarkdownFile, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/front-matter-unparsed';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/front-matter-unparsed',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner FrontMatter.parse/1 and DirectorySource.parse_front_matter/1: a prompt whose YAML does not parse loses its whole front matter silently; a manifest that does not parse stops the load',
  summary: 'front matter must be valid YAML holding a mapping',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const files: Array<[MarkdownFile, boolean]> = model.prompts.map((p) => [p.file, false]);
    if (model.manifest) files.unshift([model.manifest.file, true]);
    for (const [file, isManifest] of files) {
      for (const problem of file.unusable ?? []) {
        const consequence = isManifest
          ? 'Prompt Runner refuses to load the packet (ERROR: …)'
          : 'Prompt Runner silently drops the whole front matter of this prompt, so it loses its id, targets and verify contract and runs with none';
        report({
          at: problem.span,
          source: file.source,
          message: `${LOADS_BUT}the front matter does not parse: ${problem.message}; ${consequence}. Fix the YAML`,
        });
      }
    }
  },
});
