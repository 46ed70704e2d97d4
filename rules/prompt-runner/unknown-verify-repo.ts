import { defineRule } from '@orchlint/core';
import { inspect, unknownRepoReferences, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'unknown_verify_repo';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-verify-repo',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `unknown_verify_repo` (`packet` always names the packet directory)',
  summary: "a verify entry's repo: must be a packet repo or packet",
  check(model, report) {
    const { known, unknown } = unknownRepoReferences(model);
    for (const { ref, contract } of unknown) {
      if (ref.via !== 'repo-key') continue;
      report({
        at: ref.span,
        source: contract.file.source,
        message: `verify.${ref.clause} entry names repo ${inspect(ref.name)}, which is not a repo in the packet manifest (known: ${known.join(', ')})`,
      });
    }
  },
});
