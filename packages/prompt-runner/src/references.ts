import { memoized, spanOfNode, type Source, type Span, type TreeNode } from '@orchlint/core';
import { EMap } from './elixir.js';
import {
  PACKET_REPO_ALIAS,
  STRUCTURAL_CLAUSES,
  type Contract,
  type PacketModel,
  type PromptRunnerModel,
} from './model.js';

/** Clauses whose bare-string entries are paths, which the runner scopes to a repo when written `repo:path`. */
export const PATH_CLAUSES = new Set([...STRUCTURAL_CLAUSES, 'changed_paths_only']);

export interface RepoReference {
  name: string;
  span: Span;
  /**
   * `repo-key`: an entry's `repo:` (lint checks it); `repos-clean`: a bare `repos_clean` repo name;
   * `exec` / `args`: `@repo:NAME` in a command; `path-prefix`: the `repo` of a `"repo:path"` string.
   */
  via: 'repo-key' | 'repos-clean' | 'exec' | 'args' | 'path-prefix';
  clause: string;
}

/** Every place a contract names a repo, with the span of the name itself; found once per contract. */
export const repoReferences = memoized((contract: Contract): RepoReference[] => {
  const source = contract.file.source;
  const out: RepoReference[] = [];
  for (const clause of contract.clauses) {
    for (const entry of clause.entries) {
      const term = entry.term;
      if (term instanceof EMap && entry.node) {
        const repo = term.get('repo');
        const repoNode = contract.file.tree?.get(entry.node, 'repo');
        if (typeof repo === 'string' && repoNode)
          out.push({ name: repo, span: spanOfNode(repoNode), via: 'repo-key', clause: clause.key.value });
      } else if (typeof term === 'string' && clause.key.value === 'repos_clean') {
        out.push({ name: term, span: entry.span, via: 'repos-clean', clause: clause.key.value });
      } else if (typeof term === 'string' && PATH_CLAUSES.has(clause.key.value) && term.includes(':')) {
        const name = term.slice(0, term.indexOf(':'));
        out.push({ name, span: within(source, entry.span, name), via: 'path-prefix', clause: clause.key.value });
      }
    }
  }
  for (const command of contract.commands) {
    const refs: Array<{ text: string; node: TreeNode; via: 'exec' | 'args' }> = [];
    if (command.program) refs.push({ text: command.program.value, node: command.program.node, via: 'exec' });
    for (const arg of command.args)
      if (typeof arg.term === 'string') refs.push({ text: arg.term, node: arg.node, via: 'args' });
    for (const ref of refs) {
      if (!ref.text.startsWith('@repo:')) continue;
      const name = ref.text.slice('@repo:'.length).split('/')[0]!;
      out.push({
        name,
        span: within(source, spanOfNode(ref.node), `@repo:${name}`, '@repo:'.length),
        via: ref.via,
        clause: 'commands',
      });
    }
  }
  return out;
});

/**
 * The repo references of a packet's contracts whose name is neither a declared repo nor `packet`,
 * with the names that would resolve; nothing without a manifest, where no repo is known. Found once
 * per model, for the rules that each report one kind of them.
 */
export const unknownRepoReferences = memoized(
  (
    model: PromptRunnerModel,
  ): {
    known: string[];
    unknown: Array<{ ref: RepoReference; contract: Contract }>;
  } => {
    if (!knowsRepos(model)) return { known: [], unknown: [] };
    const known = [...model.repoNames, PACKET_REPO_ALIAS];
    const unknown = model.contracts.flatMap((contract) =>
      repoReferences(contract).flatMap((ref) => (known.includes(ref.name) ? [] : [{ ref, contract }])),
    );
    return { known, unknown };
  },
);

/** The span of `needle` inside a node's text (after `skip` characters of it), else the whole node. */
function within(source: Source, span: Span, needle: string, skip = 0): Span {
  const i = source.text.slice(span.start, span.end).indexOf(needle);
  if (i < 0) return span;
  const start = span.start + i + skip;
  return { start, end: span.start + i + needle.length };
}

/** Whether the packet's repos are known: a manifest was found and its front matter loads. */
export function knowsRepos(model: PromptRunnerModel): model is PacketModel {
  return model.kind === 'packet' && model.manifest !== undefined && model.manifest.file.unusable === undefined;
}
