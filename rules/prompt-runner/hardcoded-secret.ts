import { defineRule, findSecrets } from '@orchlint/core';
import { packetFiles, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/hardcoded-secret';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/hardcoded-secret',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    "derived: a prompt's body is sent to the provider as written and packet files are committed; verify commands inherit the runner's environment, where secrets belong",
  summary: 'a credential is written into a packet file (front matter, verify env or prompt body)',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const file of packetFiles(model)) {
      for (const s of findSecrets(file.source.text)) {
        report({
          at: s.span,
          source: file.source,
          confidence: s.confidence,
          message:
            `${s.kind} written into ${file.name} (${s.shown}): it is committed with the packet, and a prompt body goes to the provider as written. ` +
            "Revoke it, then let the command read it from the runner's environment (verify commands inherit it) instead of an env: value",
        });
      }
    }
  },
});
