import { defineRule, findSecrets } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/hardcoded-secret',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'derived: a pack is a distributable artifact (RFC 0001) and its templates are rendered into prompts; credentials belong to the runtime that loads it',
  summary: 'a credential is written into the pack',
  check(pack, report) {
    for (const s of findSecrets(pack.source.text)) {
      report({
        at: s.span,
        confidence: s.confidence,
        message:
          `${s.kind} written into the pack (${s.shown}): whoever receives the pack gets it, and a template holding it sends it to the model. ` +
          'Revoke it, and give it to the runtime that loads the pack (its environment or secret store) instead',
      });
    }
  },
});
