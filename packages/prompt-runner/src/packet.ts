import {
  createDigraph,
  fieldOf,
  isMap,
  isSeq,
  type Diagnostic,
  type Entry,
  type Host,
  type Source,
  type Tree,
} from '@orchlint/core';
import { buildAgentControl } from './agent-control.js';
import { compareBytes, termOf, toElixirString } from './elixir.js';
import { buildExecution } from './execution.js';
import { readMarkdown, type MarkdownFile } from './front-matter.js';
import type { Contract, PacketModel, PromptModel, RepoModel } from './model.js';
import { dirname, join } from './paths.js';
import { buildPrompt } from './prompt.js';
import { atLeast, DEFAULT_VERSION } from './versions.js';
import { findWorkspace } from './workspace-link.js';

export const MANIFEST = 'prompt_runner_packet.md';

/** Reads a file of the unit: the editor's copy of the file being linted, else the host's. */
export type Reader = (path: string) => Source | undefined;

export interface LoadedPacket {
  model: PacketModel;
  diagnostics: Diagnostic[];
  sources: Source[];
}

/**
 * Loads the packet rooted at `root` as `Packet.load/1` and `PacketSource.load/2` do. The release it is
 * linted as: the project's target, else the oldest one its workspace manifest admits, else 0.12.1.
 */
export function loadPacket(
  root: string,
  host: Host,
  read: Reader,
  explicit: string | undefined,
): LoadedPacket | undefined {
  const manifestSource = read(join(root, MANIFEST));
  if (!manifestSource) return undefined;
  const manifest = readMarkdown(manifestSource);
  const tree = manifest.tree;
  const attrs = manifest.attributes;
  const entry = (key: string): Entry | undefined => (tree && attrs ? tree.entry(attrs, key) : undefined);
  const term = (key: string) => (tree ? termOf(tree, entry(key)?.value) : null);

  const name = term('name');
  const dirTerm = term('prompt_dir');
  const promptDir = typeof dirTerm === 'string' && dirTerm !== '' ? dirTerm : 'prompts';
  const promptPath = promptDir.startsWith('/') ? join(promptDir) : join(root, promptDir);
  const inside = !/^[/~]/.test(promptDir) && !promptDir.split('/').includes('..');
  const promptNames = promptFiles(host, promptPath);
  const prompts = promptNames
    .map((file) => read(join(promptPath, file)))
    .filter((s): s is Source => s !== undefined)
    .map((s) => buildPrompt(readMarkdown(s)));
  prompts.sort((a, b) => compareSortKeys(sortKey(a.file), sortKey(b.file)));

  const workspace = findWorkspace(host, root, explicit);
  const version = explicit ?? workspace?.version ?? DEFAULT_VERSION;
  const reposEntry = entry('repos');
  const repos = tree && reposEntry ? buildRepos(tree, reposEntry) : [];
  const agentControlEntry = entry('agent_control');
  const agentControl = tree && agentControlEntry ? buildAgentControl(tree, manifest, agentControlEntry) : undefined;
  const executionEntry = entry('execution');
  const execution =
    tree && executionEntry && atLeast(version, '0.13.0') ? buildExecution(tree, executionEntry) : undefined;
  const contracts: Contract[] = prompts.map((p) => p.contract);
  if (agentControl?.contract) contracts.push(agentControl.contract);

  const model: PacketModel = {
    kind: 'packet',
    root,
    manifest: { file: manifest, attributes: attrs, tree },
    declaredName: name === null || name === false ? undefined : toElixirString(name),
    promptDir,
    promptDirField: optionalField(entry('prompt_dir')),
    promptDirExists: inside ? host.readDir(promptPath) !== undefined : undefined,
    markdownFallback: promptNames.length > 0 && !promptNames.some(isPromptFile),
    prompts,
    reposField: optionalField(reposEntry),
    repos,
    repoNames: repos.flatMap((r) => (r.name.value === undefined ? [] : [r.name.value])),
    agentControl,
    execution,
    contracts,
    dependencies: dependencyGraph(prompts),
    version,
  };
  if (workspace) model.workspace = workspace;
  const files = [manifest, ...prompts.map((p) => p.file)];
  return { model, diagnostics: files.flatMap((f) => f.parserFindings), sources: files.map((f) => f.source) };
}

/** A prompt file linted where no packet manifest is in reach: a packet of one prompt and no repos. */
export function loadLonePrompt(source: Source, explicit: string | undefined): LoadedPacket {
  const prompt = buildPrompt(readMarkdown(source));
  const model: PacketModel = {
    kind: 'packet',
    root: dirname(source.path),
    promptDir: '.',
    markdownFallback: false,
    prompts: [prompt],
    repos: [],
    repoNames: [],
    contracts: [prompt.contract],
    dependencies: dependencyGraph([prompt]),
    version: explicit ?? DEFAULT_VERSION,
  };
  return { model, diagnostics: prompt.file.parserFindings, sources: [source] };
}

/** `*.prompt.md` in the prompt folder (no dotfiles, not recursive), else every `*.md` there. */
export function promptFiles(host: Host, promptPath: string): string[] {
  const names = (host.readDir(promptPath) ?? []).filter((n) => !n.startsWith('.'));
  const prompts = names.filter(isPromptFile);
  return prompts.length ? prompts : names.filter((n) => n.endsWith('.md'));
}

const isPromptFile = (name: string): boolean => name.endsWith('.prompt.md');

/** `{String.pad_leading(leading digits || "9999", 6, "0"), basename}`. */
function sortKey(file: MarkdownFile): [string, string] {
  const digits = /^(\d+)/.exec(file.name)?.[1] ?? '9999';
  return [digits.padStart(6, '0'), file.name];
}

function compareSortKeys(a: [string, string], b: [string, string]): number {
  return compareBytes(a[0], b[0]) || compareBytes(a[1], b[1]);
}

/** `normalize_repos/2`: a map of name → {path, default}, or a list of {name, path, default}; sorted by name. */
function buildRepos(tree: Tree, reposEntry: Entry): RepoModel[] {
  const node = tree.resolve(reposEntry.value);
  const repos: RepoModel[] = [];
  const describe = (attrs: typeof node, value: string | undefined, at: NonNullable<typeof node>): RepoModel => {
    const defaultEntry = isMap(attrs) ? tree.entry(attrs, 'default') : undefined;
    return {
      name: { value, node: at },
      node: attrs,
      isDefault: defaultEntry ? termOf(tree, defaultEntry.value) === true : false,
      defaultField: optionalField(defaultEntry),
      pathField: optionalField(isMap(attrs) ? tree.entry(attrs, 'path') : undefined),
    };
  };
  if (isMap(node)) {
    for (const e of tree.entries(node)) repos.push(describe(tree.resolve(e.value), e.key, e.keyNode));
  } else if (isSeq(node)) {
    for (const item of tree.items(node)) {
      const nameEntry = isMap(item) ? tree.entry(item, 'name') : undefined;
      const nameTerm = nameEntry ? termOf(tree, nameEntry.value) : null;
      repos.push(describe(item, typeof nameTerm === 'string' ? nameTerm : undefined, nameEntry?.value ?? item));
    }
  }
  return repos.sort((a, b) =>
    a.name.value === undefined ? -1 : b.name.value === undefined ? 1 : compareBytes(a.name.value, b.name.value),
  );
}

const optionalField = (entry: Entry | undefined) => (entry ? fieldOf(entry) : undefined);

/** An edge from each prompt to every prompt its `depends_on` names exactly as the scheduler compares. */
function dependencyGraph(prompts: readonly PromptModel[]) {
  const graph = createDigraph();
  for (const p of prompts) if (p.id !== undefined && !graph.hasNode(p.id)) graph.addNode(p.id);
  for (const p of prompts) {
    if (p.id === undefined) continue;
    for (const dep of p.dependsOn) {
      if (typeof dep.term === 'string' && graph.hasNode(dep.term)) graph.addEdge(p.id, dep.term);
    }
  }
  return graph;
}
