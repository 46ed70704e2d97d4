import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/default-repo';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/default-repo',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner packet doctor no_default_repo / multiple_default_repos; runs use the first default: true repo, else the first repo by name',
  summary: 'a packet with repos should mark exactly one default: true',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.reposField) return;
    const named = model.repos.filter((r) => r.name.value !== undefined);
    if (!named.length) return;
    const defaults = named.filter((r) => r.isDefault);
    const source = model.manifest.file.source;
    if (!defaults.length) {
      report({
        at: model.reposField.key,
        source,
        message: `no repo is marked default: true, so prompts without targets run in '${named[0]!.name.value}' (the first by name) while packet lint assumes the packet root; mark one repo default: true`,
      });
    } else if (defaults.length > 1) {
      for (const extra of defaults.slice(1)) {
        report({
          at: extra.defaultField?.node ?? extra.name,
          source,
          message: `'${extra.name.value}' is a second default repo; the runner uses only '${defaults[0]!.name.value}' (the first by name), so mark just one repo default: true`,
        });
      }
    }
  },
});
