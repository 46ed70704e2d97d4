import { defineRule, findSecrets } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/hardcoded-secret',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'derived: a workflow file is committed and shown to every model it prompts; Archon passes secrets to nodes through the environment (.archon/config.yaml env:, the host environment), never through the file',
  summary: 'a credential is written into the workflow file',
  check(model, report) {
    for (const s of findSecrets(model.source.text)) {
      report({
        at: s.span,
        confidence: s.confidence,
        message:
          `${s.kind} written into the workflow (${s.shown}): anyone who can read the repository, and every model a prompt here goes to, gets it. ` +
          'Revoke it, then read it from the environment ($MY_TOKEN in bash, process.env in a script) set in .archon/config.yaml env: or the host',
      });
    }
  },
});
