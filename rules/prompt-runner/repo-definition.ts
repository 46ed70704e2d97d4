import { defineRule, isMap, isSeq, spanOfNode, type ReportDescriptor } from '@orchlint/core';
import { inspect, type PromptRunnerModel, type RepoModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/repo-definition';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/repo-definition',
  dialect: 'prompt-runner',
  severity: 'error',
  basis:
    'Prompt Runner Packet.normalize_repos/2: repos is a map of name → {path, default} or a list of {name, path, default}; only a literal true makes a default; a repo that is not a mapping crashes the load',
  summary: 'each repo needs a unique name, a path, and a boolean default',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.reposEntry?.value) return;
    const source = model.manifest.file.source;
    const say = (d: Omit<ReportDescriptor, 'source'>) => report({ ...d, source });
    const tree = model.manifest.tree!;
    const node = tree.resolve(model.reposEntry.value);
    if (!isMap(node) && !isSeq(node)) {
      if ((node as { value?: unknown } | undefined)?.value !== null) {
        say({
          at: model.reposEntry.value,
          message:
            'repos must be a mapping of name → {path, default} (or a list of {name, path, default}); the runner reads anything else as no repos at all',
        });
      }
      return;
    }
    const seen = new Map<string, RepoModel>();
    for (const repo of model.repos) {
      const label = repo.name === undefined ? 'this repo' : `repo '${repo.name}'`;
      if (!isMap(repo.node)) {
        say({
          at: repo.node ?? repo.nameNode,
          message: `${label} must be a mapping {path, default}; the runner crashes loading a packet whose repo is not one`,
        });
        continue;
      }
      if (repo.name === undefined)
        say({
          at: repo.node,
          message: 'this repo has no name: a list entry needs name:, path: and optionally default:',
        });
      else if (seen.has(repo.name)) {
        say({
          at: repo.nameNode,
          message: `repo '${repo.name}' is declared twice; targets and verify entries cannot tell them apart, so rename or remove one`,
          related: [{ at: seen.get(repo.name)!.nameNode, message: 'first declared here' }],
        });
      } else seen.set(repo.name, repo);
      const path = repo.pathEntry ? (repo.pathEntry.value as { value?: unknown } | undefined)?.value : undefined;
      if (typeof path !== 'string' || path === '') {
        say({
          at: repo.pathEntry?.value ?? repo.nameNode,
          message: `${label} has no path; give the checkout's path (relative to the packet, ~ or absolute)`,
        });
      }
      const d = repo.defaultEntry;
      const value = (d?.value as { value?: unknown } | undefined)?.value;
      if (d?.value && typeof value !== 'boolean') {
        say({
          at: spanOfNode(d.value),
          message: `default ${inspect(typeof value === 'string' || typeof value === 'number' ? value : null)} is not a boolean, and only a literal true makes ${label} the default; write default: true or default: false`,
        });
      }
    }
  },
});
