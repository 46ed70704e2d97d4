import { defineRule, isMap, spanOfNode, type ReportDescriptor } from '@orchlint/core';
import { inspect, type PromptRunnerModel, type RepoModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/repo-definition';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/repo-definition',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Packet.normalize_repos/2: repos is a map of name → {path, default} or a list of {name, path, default}; only a literal true makes a default; a repo that is not a mapping crashes the load',
  summary: 'each repo needs a unique name, a path, and a boolean default',
  check(model, report) {
    const repos = model.kind === 'packet' ? model.reposField : undefined;
    if (model.kind !== 'packet' || !model.manifest || !repos?.node) return;
    const source = model.manifest.file.source;
    const say = (d: Omit<ReportDescriptor, 'source'>) => report({ ...d, source });
    if (repos.type !== 'object' && repos.type !== 'array') {
      if (repos.value !== null) {
        say({
          at: repos.node,
          message:
            'repos must be a mapping of name → {path, default} (or a list of {name, path, default}); the runner reads anything else as no repos at all',
        });
      }
      return;
    }
    const seen = new Map<string, RepoModel>();
    for (const repo of model.repos) {
      const name = repo.name.value;
      const label = name === undefined ? 'this repo' : `repo '${name}'`;
      if (!isMap(repo.node)) {
        say({
          at: repo.node ?? repo.name,
          message: `${label} must be a mapping {path, default}; the runner crashes loading a packet whose repo is not one`,
        });
        continue;
      }
      if (name === undefined)
        say({
          at: repo.node,
          message: 'this repo has no name: a list entry needs name:, path: and optionally default:',
        });
      else if (seen.has(name)) {
        say({
          at: repo.name,
          message: `repo '${name}' is declared twice; targets and verify entries cannot tell them apart, so rename or remove one`,
          related: [{ at: seen.get(name)!.name, message: 'first declared here' }],
        });
      } else seen.set(name, repo);
      const path = repo.pathField?.value;
      if (typeof path !== 'string' || path === '') {
        say({
          at: repo.pathField?.node ?? repo.name,
          message: `${label} has no path; give the checkout's path (relative to the packet, ~ or absolute)`,
        });
      }
      const d = repo.defaultField;
      const value = d?.value;
      if (d?.node && typeof value !== 'boolean') {
        say({
          at: spanOfNode(d.node),
          message: `default ${inspect(typeof value === 'string' || typeof value === 'number' ? value : null)} is not a boolean, and only a literal true makes ${label} the default; write default: true or default: false`,
        });
      }
    }
  },
});
