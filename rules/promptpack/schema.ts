import { defineRule } from '@orchlint/core';
import { specSchemaFindings, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/schema',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'PromptPack JSON Schema (2020-12) of the version the pack’s $schema selects; v1.9.0 by default',
  summary: 'the pack must validate against the PromptPack JSON Schema',
  check(pack, report) {
    for (const finding of specSchemaFindings(pack.tree, pack.specVersion)) {
      report({ at: finding.span, message: `${finding.message} (PromptPack schema v${pack.specVersion})` });
    }
  },
});
