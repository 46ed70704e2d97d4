import { defineRule } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt_id_filename_mismatch';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-id-filename-mismatch',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `prompt_id_filename_mismatch` (ordering is by filename, not id)',
  summary: "a prompt's id must equal its filename's numeric prefix",
  fixable: true,
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      if (p.id === undefined || p.filenamePrefix === undefined || p.id === p.filenamePrefix) continue;
      const value = p.idField?.node;
      report({
        at: value ?? { start: 0, end: p.file.source.lineEnd(0) },
        source: p.file.source,
        message: `prompt id ${inspect(p.id)} does not match the filename numeric prefix ${inspect(p.filenamePrefix)}; ordering is by filename, so the declared id never reaches the schedule`,
        ...(value
          ? {
              fix: {
                title: `Set the id to "${p.filenamePrefix}"`,
                edits: [{ at: value, newText: `"${p.filenamePrefix}"` }],
              },
            }
          : {}),
      });
    }
  },
});
