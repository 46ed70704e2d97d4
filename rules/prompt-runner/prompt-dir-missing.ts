import { defineRule } from '@orchlint/core';
import { LOADS_BUT, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/prompt-dir-missing';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-dir-missing',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner DirectorySource.load/2 lists prompt_dir with Path.wildcard: a folder that does not exist gives a packet with no prompts, and no error',
  summary: 'prompt_dir must name a folder that exists',
  check(model, report, context) {
    if (model.kind !== 'packet' || !model.manifest?.tree || !model.promptDirField || model.promptDirExists) return;
    const at = model.promptDirField.node ?? model.promptDirField.key;
    report({
      at,
      source: model.manifest.file.source ?? context.source,
      message: `${LOADS_BUT}prompt_dir '${model.promptDir}' is not a folder of this packet, so Prompt Runner finds no prompts and runs nothing, without an error; name the folder that holds the *.prompt.md files (relative to the packet)`,
    });
  },
});
