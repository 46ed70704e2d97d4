import { defineRule, didYouMean } from '@orchlint/core';
import { unknownRepoReferences, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/unknown-repo-path-prefix';

/** Text that reads like a repo name, not like a drive letter, a URL scheme or part of a file name. */
const REPO_LIKE = /^[A-Za-z][A-Za-z0-9_.-]+$/;

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-repo-path-prefix',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner Verifier.resolve_entry/3: "repo:path" is repo-scoped only when repo is a known repo key; otherwise the whole string is a path in the prompt\'s default scope',
  summary: '"repo:path" entries should name a packet repo before the colon',
  check(model, report) {
    const { known, unknown } = unknownRepoReferences(model);
    for (const { ref, contract } of unknown) {
      if (ref.via !== 'path-prefix' || !REPO_LIKE.test(ref.name) || /^https?$/.test(ref.name)) continue;
      report({
        at: ref.span,
        source: contract.file.source,
        message: `'${ref.name}' before the colon is not a packet repo, so the runner reads the whole string as a file name in the prompt's default repo${didYouMean(ref.name, known)}; write { repo: <name>, path: <path> } with a declared repo (known: ${known.join(', ')})`,
      });
    }
  },
});
