import { defineRule, didYouMean } from '@orchlint/core';
import { inspect, unknownRepoReferences, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/unknown-repo-reference';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-repo-reference',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.resolve_argv_entry/2 leaves @repo:NAME unchanged for an unknown NAME (a missing relative executable at run time); ReposClean reads a bare repos_clean string as a repo name',
  summary: '@repo:NAME in exec/args and bare repos_clean names must be packet repos',
  check(model, report) {
    const { known, unknown } = unknownRepoReferences(model);
    for (const { ref, contract } of unknown) {
      const where =
        ref.via === 'repos-clean'
          ? `repos_clean names repo ${inspect(ref.name)}, which the packet does not declare, so the check fails as a missing repo`
          : ref.via === 'exec' || ref.via === 'args'
            ? `@repo:${ref.name} in ${ref.via} names no packet repo, so the runner leaves the text unchanged and the command fails at run time`
            : undefined;
      if (!where) continue;
      report({
        at: ref.span,
        source: contract.file.source,
        message: `${LOADS_BUT}${where}${didYouMean(ref.name, known)} (known: ${known.join(', ')})`,
      });
    }
  },
});
