import { defineRule, didYouMean } from '@flowlint/core';
import { PACKET_REPO_ALIAS, repoReferences, type PromptRunnerModel } from '@flowlint/prompt-runner';

export const kind = 'prompt-runner/unknown-repo-path-prefix';

/** Text that reads like a repo name, not like a drive letter, a URL scheme or part of a file name. */
const REPO_LIKE = /^[A-Za-z][A-Za-z0-9_.-]+$/;

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-repo-path-prefix',
  dialect: 'prompt-runner',
  severity: 'warning',
  basis: 'Prompt Runner Verifier.resolve_entry/3: "repo:path" is repo-scoped only when repo is a known repo key; otherwise the whole string is a path in the prompt\'s default scope',
  summary: '"repo:path" entries should name a packet repo before the colon',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest) return;
    const known = [...model.repoNames, PACKET_REPO_ALIAS];
    for (const c of model.contracts) {
      for (const ref of repoReferences(c)) {
        if (ref.via !== 'path-prefix' || known.includes(ref.name) || !REPO_LIKE.test(ref.name) || /^https?$/.test(ref.name)) continue;
        report({
          at: ref.span,
          source: c.file.source,
          message: `'${ref.name}' before the colon is not a packet repo${didYouMean(ref.name, known)}, so the runner reads the whole string as a file name in the prompt's default repo; write { repo: <name>, path: <path> } with a declared repo (known: ${known.join(', ')})`,
        });
      }
    }
  },
});
