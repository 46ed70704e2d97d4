import { defineRule } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-packet-repos';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-packet-repos',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner workspace plan: every packet repo must be a workspace repository, else {:workspace_missing_packet_repositories, names}',
  summary: "every repo of the packet must be one of its workspace manifest's repositories",
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.workspace?.repositories.length) return;
    const ws = model.workspace;
    const declared = new Set(ws.repositories.map((r) => r.value));
    for (const repo of model.repos) {
      if (repo.name.value === undefined || declared.has(repo.name.value)) continue;
      report({
        at: repo.name,
        source: model.manifest.file.source,
        message: `repo '${repo.name.value}' is not a repository of the workspace ${ws.source.path} (it has ${[...declared].join(', ')}), so a workspace run fails with {:workspace_missing_packet_repositories, …}; add it under repositories there`,
        related: [{ at: ws.repositories[0]!, source: ws.source, message: 'the workspace repositories' }],
      });
    }
  },
});
