import type { Digraph, Field, Key, Located, Source, Span, Tree, TreeNode } from '@orchlint/core';
import type { Term } from './elixir.js';
import type { MarkdownFile } from './front-matter.js';

/** The twelve clauses `Verifier.contract_keys/0` names, in its order (0.12.1 and 0.13.0 alike). */
export const CONTRACT_CLAUSES = [
  'files_exist',
  'files_absent',
  'contains',
  'matches',
  'doc',
  'yaml',
  'json',
  'glob',
  'source_absent',
  'commands',
  'changed_paths_only',
  'repos_clean',
] as const;

/** The clauses that are evidence about a prompt's output: every one but commands, changed_paths_only and repos_clean. */
export const STRUCTURAL_CLAUSES: readonly string[] = CONTRACT_CLAUSES.slice(0, 9);

/** The verify repo name that always means the packet directory itself. */
export const PACKET_REPO_ALIAS = 'packet';

/** The synthetic prompt id under which the runner lints `agent_control.completion_verify`. */
export const FINISH_PROMPT_ID = 'agent-control-finish';

/** One item of a clause, after the runner's wrapping (a single entry becomes a list of one). */
export interface ContractEntry {
  /** The entry's node; undefined for commands the runner derives from the prompt body. */
  node?: TreeNode;
  span: Span;
  /** The entry as the runner holds it (keys stringified). */
  term: Term;
}

export interface Clause {
  key: Key;
  value?: TreeNode;
  known: boolean;
  entries: ContractEntry[];
}

/** A `commands` entry, classified exactly as the runner's lint and verifier classify it. */
export interface Command {
  entry: ContractEntry;
  /** `exec` (or `program`) when it is a non-empty string: the structured, argv form. */
  program?: Located<string>;
  /** The `run`/`command` string, or the bare string: the legacy `bash -c` form. */
  shell?: { text: string; node?: TreeNode; span: Span };
  /** The entry's keys, when it is a mapping. */
  keys: Field[];
  args: Array<{ node: TreeNode; term: Term }>;
  timeoutField?: Field;
  timeout?: Term;
}

/** A verify contract: a prompt's `verify`, or `agent_control.completion_verify` linted as a prompt. */
export interface Contract {
  /** The prompt id findings carry: the prompt's, or `agent-control-finish`. */
  promptId: string | undefined;
  file: MarkdownFile;
  /** Where findings about the contract as a whole go: its key, else the file's first line. */
  anchor: Span;
  /** Every key in document order, known clauses and unknown ones. */
  clauses: Clause[];
  /** `commands` entries: the clause's, or those the runner derives from `validation:` or the body. */
  commands: Command[];
  /** How many items `Verifier.contract_items/1` would list. */
  evaluable: number;
}

export interface Target {
  text: string;
  node?: TreeNode;
  span: Span;
  /** Inferred from a legacy `## Repository Root` body section, not written in `targets`. */
  inferred: boolean;
}

export interface PromptModel {
  file: MarkdownFile;
  /** The normalized id (`"01"`), or undefined when the runner raises computing it. */
  id: string | undefined;
  /** The `id` (or `num`) entry the id came from; undefined when it came from the filename. */
  idField?: Field;
  idTerm?: Term;
  /** The filename's leading digits, normalized like an id; undefined without a numeric prefix. */
  filenamePrefix?: string;
  /** undefined when the runner holds no target list (no `targets` list and no Repository Root section). */
  targets?: Target[];
  contract: Contract;
  /** Commands the runner also counts as `validation_commands` (0.13's agent-owned check reads them). */
  validationCommandCount: number;
  dependsOnField?: Field;
  /** The raw `depends_on` items, compared by the scheduler to normalized ids as they are. */
  dependsOn: Array<{ node: TreeNode; term: Term }>;
  /** `references`, `required_reading`, `context_files` present in the front matter, in that order. */
  inertKeys: Field[];
}

export interface RepoModel {
  /**
   * The name as the runner stringifies it (undefined for a list entry without `name`), at the map key,
   * or the list entry's `name` value (or the entry itself).
   */
  name: Located<string | undefined>;
  node?: TreeNode;
  /** Only a literal `true` makes a repo the default. */
  isDefault: boolean;
  defaultField?: Field;
  pathField?: Field;
}

export interface AgentControlModel {
  field: Field;
  enabled: boolean;
  /** The reason `AgentControl.config/1` rejects the block with, and where that is. */
  problem?: { reason: Term; at: Span };
  /** The completion contract, when the block is valid and enabled. */
  contract?: Contract;
}

export interface ExecutionModel {
  field: Field;
  completion: 'verifier_owned' | 'agent_owned';
  problem?: { reason: Term; at: Span };
}

export interface ManifestModel {
  file: MarkdownFile;
  /** The front matter mapping; undefined when the runner reads none. */
  attributes?: TreeNode;
  tree?: Tree;
}

export interface PacketModel {
  kind: 'packet';
  /** The packet directory (host path). */
  root: string;
  /** undefined when a prompt file is linted on its own, with no packet manifest in reach. */
  manifest?: ManifestModel;
  /** The manifest's `name` (the runner falls back to the directory's basename). */
  declaredName?: string;
  promptDir: string;
  /** The manifest's `prompt_dir` entry, when it sets one. */
  promptDirField?: Field;
  /**
   * Whether the prompt folder exists; undefined when orchlint cannot tell (absolute, `~` or a path
   * leaving the packet: the host reads nothing outside the lint root).
   */
  promptDirExists?: boolean;
  /**
   * True when the prompt folder holds no `*.prompt.md`, so the runner takes every `*.md` in it as a
   * prompt (`DirectorySource.prompt_files/1`), checklists and READMEs included.
   */
  markdownFallback: boolean;
  /** In the runner's order: filename prefix (padded), then basename. */
  prompts: PromptModel[];
  reposField?: Field;
  /** Sorted by name, as `Packet.normalize_repos/2` sorts them. */
  repos: RepoModel[];
  repoNames: string[];
  agentControl?: AgentControlModel;
  /** 0.13 `execution` policy; undefined before 0.13 (the key is ignored there) or when absent. */
  execution?: ExecutionModel;
  /** Every contract lint inspects: each prompt's, then the agent-control finish contract. */
  contracts: Contract[];
  /** Prompt ids as nodes, an edge from each prompt to every prompt it `depends_on`. */
  dependencies: Digraph;
  /** The Prompt Runner release the packet is linted against. */
  version: string;
  workspace?: WorkspaceModel;
}

export interface WorkspaceProblem {
  /** The runner's `{:error, reason}`, as it prints it. */
  reason: Term;
  at: Span;
  message: string;
  /** Not a load error: something the runner silently reads as empty. */
  silent?: boolean;
}

export interface WorkspaceModel {
  kind: 'workspace';
  source: Source;
  tree: Tree;
  /** Every error `Workspace.Manifest.load/1` could stop at (it stops at the first). */
  problems: WorkspaceProblem[];
  repositories: Key[];
  requirement?: Located<string>;
  /** The `requires.prompt_runner` entry, whatever its value. */
  requirementField?: Field;
  /** `packet.path`: where the bound packet sits inside its repository. */
  packetPath?: string;
  capabilities: Located<string>[];
  capabilitiesField?: Field;
  /** The `contracts.artifacts` ids: each resolves as the exec `@artifact:<id>` in a run of this workspace. */
  artifactIds: string[];
  /** The `packet:` entry (a binding added in 0.12.1), when written. */
  packetField?: Field;
  /** The oldest release `requires.prompt_runner` admits, whatever the project targets. */
  oldestAdmitted?: string;
  /** `failure_policy`, when written. */
  failurePolicyField?: Field;
  requiresField?: Field;
  version: string;
  /** Where `version` comes from: the project's target, the oldest release the requirement admits, or 0.12.1. */
  versionFrom: 'target' | 'requirement' | 'default';
}

export type PromptRunnerModel = PacketModel | WorkspaceModel;

/** Every Markdown file of the packet: the manifest's (when there is one), then each prompt's, in order. */
export function packetFiles(model: PacketModel): MarkdownFile[] {
  return [...(model.manifest ? [model.manifest.file] : []), ...model.prompts.map((p) => p.file)];
}
