import { defineRule } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/prompt-id-not-numeric';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/prompt-id-not-numeric',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner DirectorySource.normalize_num/1: String.to_integer raises on a non-numeric id, and a float or boolean matches no clause, so loading the packet crashes',
  summary: 'a prompt id must be an integer or a string of digits',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const p of model.prompts) {
      if (p.id !== undefined || !p.idField?.node) continue;
      report({
        at: p.idField.node,
        source: p.file.source,
        message: `${p.idField.key.value} ${inspect(p.idTerm ?? null)} is not a number, so Prompt Runner crashes loading the packet (packet lint, plan and run alike); use the filename's number${p.filenamePrefix ? `, "${p.filenamePrefix}"` : ''}`,
      });
    }
  },
});
