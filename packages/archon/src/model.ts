import type {
  Digraph,
  Field,
  Key,
  Located,
  Range,
  ScalarText,
  ShellScript,
  Source,
  Span,
  Tree,
  TreeNode,
} from '@orchlint/core';
import type { WhenCondition } from './when.js';

/** The Archon engine versions orchlint models; 0.9 is the snapshot the spec was written from. */
export type ArchonVersion = '0.9' | '0.10';

/** The authoring key that makes a node what it is (exactly one per node). `wait` exists from 0.10. */
export type NodeKind =
  | 'command'
  | 'prompt'
  | 'bash'
  | 'script'
  | 'loop'
  | 'loop_group'
  | 'approval'
  | 'cancel'
  | 'include'
  | 'workflow'
  | 'wait';

export type { Located } from '@orchlint/core';

/**
 * The keys of a mapping-valued setting (`approval:`, `loop:`, `fan_out:`, a `with:` binding, an input
 * declaration); both empty when the value is not a mapping.
 */
export interface Block {
  /** In document order, duplicates included. */
  fields: Field[];
  /** By key, the first of duplicates winning. */
  byKey: ReadonlyMap<string, Field>;
}

/** A key whose value may be a mapping: the field, and the keys of that mapping. */
export interface Setting {
  field: Field;
  block: Block;
}

/** A `$id.output[.field]` reference in a text surface (prompt, bash, with.from, …). */
export interface OutputRef {
  id: string;
  field?: string;
  /** The dotted field as the node's key path: 'prompt', 'loop.until_bash', 'with.base.from', … */
  surface: string;
  text: string;
  span: Span;
  /** Inside a `"…"` shell string of a bash surface (Archon #1884). */
  doubleQuoted?: boolean;
}

/** `$INPUTS.name` written anywhere in the node's text surfaces or `when:`. */
export interface InputRef {
  name: string;
  surface: string;
  span: Span;
}

/** `$REJECTION_REASON`, `$LOOP_PREV_OUTPUT` or `$LOOP_PREV.` in a text surface: variables with one home each. */
export interface VariableRef {
  name: 'REJECTION_REASON' | 'LOOP_PREV_OUTPUT' | 'LOOP_PREV';
  surface: string;
  span: Span;
}

/** What the engine splices into a shell body as one shell-quoted word (`'…'`) before bash runs it. */
export type SpliceKind =
  /** `$id.output[.field]` (DE:1228, every shell surface) */
  | 'output'
  /** `$LOOP_PREV.id.output[.field]` in a loop_group's body or until_bash (DE:4547, 4866) */
  | 'loop-prev'
  /** `$LOOP_USER_INPUT` in a loop_group body's bash (DE:4876); elsewhere it is an environment variable */
  | 'loop-user-input';

export interface Splice {
  kind: SpliceKind;
  /** As written: `$plan.output.title`. */
  text: string;
  /** In the parsed text. */
  span: Span;
  id?: string;
  field?: string;
}

/**
 * One shell body of a node (`bash:`, `loop.until_bash`, `loop_group.until_bash`) as bash will read
 * it: Archon's substitutions masked as the quoted words they become (`'xxxx'`, the same length), so
 * every node of the parse maps back to the characters the author wrote.
 */
export interface ShellBody {
  node: ArchonNode;
  /** The dotted key path: 'bash', 'loop.until_bash', 'loop_group.until_bash'. */
  surface: string;
  /** The engine's quoted splices, in document order. */
  splices: Splice[];
  /** Parsed on first use. */
  readonly script: ShellScript;
  /** The source span of a span of the parsed text. */
  sourceSpan(span: Span): Span;
  /** True inside a loop_group body, where the engine runs a second substitution pass over spliced values. */
  rescanned: boolean;
}

/**
 * An upper-case `$NAME` in a text surface that only looks like a run variable: `spliced`, a longer
 * name the engine splices a variable's value into (`$ARTIFACTS_DIRECTORY`); `misspelt`, a name near
 * one (`$ARTIFACT_DIR`), which stays literal (empty in a shell); `braced`, a variable written
 * `${ARTIFACTS_DIR}` outside a shell, which stays literal.
 */
export interface RunVariableSlip {
  name: string;
  surface: string;
  span: Span;
  kind: 'spliced' | 'misspelt' | 'braced';
  /** The run variable it starts with, or the one it is near. */
  variable: string;
}

export interface WhenModel {
  located: Located<string>;
  condition: WhenCondition;
  text: ScalarText;
}

export interface OutputFormat {
  node: TreeNode;
  /** The declared `type`, if a string. */
  type?: string;
  /** Each property's key, declared `type`, and its schema node (enum, pattern, const…). */
  properties: Map<string, { key: Key; type?: string; schema?: TreeNode }>;
  required: Set<string>;
  /** True when `properties` is a mapping, so the fields it lists are all the fields there are. */
  known: boolean;
}

export interface ArchonNode {
  /** Position in its scope's `nodes` list. */
  index: number;
  /** The id as written (a string), when there is one. */
  id?: string;
  idField?: Field;
  /** How findings name the node: `node 'plan'`, `node #3`, `node 'fix' in loop_group 'iterate'`. */
  label: string;
  node: TreeNode;
  /** The node's keys, the last of duplicates winning. */
  fields: ReadonlyMap<string, Field>;
  /** Every authoring key present that selects a kind, in document order. */
  kindEntries: Array<{ kind: NodeKind; entry: Field }>;
  /** The kind, when exactly one kind key is present. */
  kind?: NodeKind;
  scope: Scope;
  /** A `loop_group`'s body: a sealed scope of its own. */
  body?: Scope;
  dependsOn: Located[];
  when?: WhenModel;
  outputRefs: OutputRef[];
  inputRefs: InputRef[];
  variableRefs: VariableRef[];
  /** Upper-case `$NAME`s that look like run variables and are not (the `script:` surface is code, and not read). */
  variableSlips: RunVariableSlip[];
  outputFormat?: OutputFormat;
  /** The node's shell bodies (`bash:`, `loop.until_bash`, `loop_group.until_bash`), parsed on first use. */
  shells: ShellBody[];
  /** The keys of the node's `approval`, `loop`, `loop_group`, `fan_out` and `context` blocks, when written. */
  blocks: ReadonlyMap<BlockName, Block>;
  /** Every `with:` binding, in document order. */
  bindings: Setting[];
  /** `approval.decisions`, when it has a value: how many items it lists, and their string `id`s. */
  decisions?: { field: Field; count: number; ids: Located<string>[] };
  /** `fan_out.join` as data (a mapping becomes an object), when it has a value. */
  join?: Located;
  /** The provider the node runs on when the file names one (node-level, else workflow-level). */
  provider?: Located<string>;
  include?: IncludeInfo;
  /** A `workflow:` node's target, when the project holds exactly one workflow of that name. */
  subRun?: SubRunTarget;
  /** The file a string `mcp:` names, as the project holds it (see mcp-configs.ts); unset when orchlint cannot look. */
  mcpFile?: McpFile;
}

/** What a node's `mcp:` file is, read from the project root (the run's working directory). */
export interface McpFile {
  /** As `mcp:` writes it, relative to the project root. */
  path: string;
  state: 'missing' | 'not-json' | 'not-an-object' | 'ok';
}

export interface SubRunTarget {
  /** Project-relative path, the same from any working directory. */
  shown: string;
  source: Source;
  workflow: WorkflowModel;
}

export interface Scope {
  nodes: ArchonNode[];
  /** First node of each id; duplicates are findings. */
  byId: Map<string, ArchonNode>;
  parent?: Scope;
  /** The loop_group whose body this is. */
  owner?: ArchonNode;
  /** Nodes by id, an edge from each dependency to its dependent (known ids only). */
  graph: Digraph;
}

export type IncludeResolution =
  /** `shown`: the target's path as findings name it, the same from any working directory. */
  | {
      kind: 'found';
      path: string;
      shown: string;
      source: Source;
      workflow: WorkflowModel;
      /** A command of the block (its first) whose project file holds only whitespace: composing it fails. */
      emptyCommand?: { node: ArchonNode; name: string; shown: string };
    }
  | { kind: 'not-found'; searched: string[]; ambiguous?: string[] }
  /** A name of a workflow Archon bundles: it resolves without a file in the project. */
  | { kind: 'bundled' }
  /** Not a static name (a `$ref`, templating, not a string): the admissibility rule reports it. */
  | { kind: 'dynamic' }
  | { kind: 'cycle'; chain: string[] }
  | { kind: 'too-deep'; chain: string[] };

export interface IncludeInfo {
  target: Located;
  resolution: IncludeResolution;
}

export interface TemplatingSite {
  span: Span;
  text: string;
  /** 'key', 'id' or a field name such as 'depends_on' or 'when'. */
  where: string;
}

export interface WorkflowModel {
  source: Source;
  tree: Tree;
  root: TreeNode;
  version: ArchonVersion;
  name?: string;
  /** How findings name the workflow: `workflow 'deploy'`, or `the workflow` when it has no name. */
  label: string;
  /** The workflow's keys, the last of duplicates winning. */
  fields: ReadonlyMap<string, Field>;
  /** The declarations of `inputs`, when it is a mapping. */
  inputs?: Setting[];
  top: Scope;
  /** Every node of every scope, depth first in document order. */
  nodes: ArchonNode[];
  /** Explicit workflow-level provider. */
  provider?: Located<string>;
  templating: TemplatingSite[];
  /**
   * The commands `command:` names resolve to: a packaged workflow's own `commands/` (nothing else is
   * searched for it), else `.archon/commands` and the folder `.archon/config.yaml` names (each with one
   * level of subfolders), then the bundled ones unless the config turns them off: each project command's
   * name to the file the host reads it from. `folder` is project-relative, the one messages name.
   */
  commands?: { folder: string; files: ReadonlyMap<string, string>; packaged: boolean; bundled: boolean };
  /** Command nodes whose command file in the project holds only whitespace, with the file as findings name it. */
  emptyCommands?: Array<{ node: ArchonNode; name: string; shown: string }>;
  /** Where the file sits under `.archon/workflows/`, as the engine's discovery sees it. */
  discovery?: Discovery;
  /** The project's `.archon/config.yaml`, when the workflow is in a project that has one; `shown` names it as findings do. */
  config?: ProjectConfig & { shown: string };
  /** Include chain from the file being linted to this one (names), for cycle and depth checks. */
  includeChain: string[];
  /** Memoized answers to graph questions; built once per model. */
  readonly analysis: Analysis;
}

/** Where a file sits in a project, as discovery treats it. */
export type ProjectRole =
  | { kind: 'flat' }
  | { kind: 'packaged'; folder: string }
  | { kind: 'stub-fixture'; folder: string }
  /** A file in a package's commands/, scripts/ or fixtures/ folder: data, not a workflow. */
  | { kind: 'resource' }
  | { kind: 'too-deep'; depth: number }
  /** A `.YAML`/`.Yml` file where discovery reads files: it matches `.yaml`/`.yml` as written, so never loads it. */
  | { kind: 'unmatched-extension'; depth: number };

export interface Discovery {
  /** Where discovery puts the file: loaded flat or in a group, in a package, a package's data, too deep. */
  role: ProjectRole;
  /** The path under `.archon/workflows/`. */
  rel: string;
  /** For a file in a package folder that is rejected: the workflow files that folder holds (the engine wants exactly one). */
  packageFiles?: string[];
  /** The folder (under `.archon/workflows/`) the engine rejects for its name, when the file is in one. */
  badFolder?: string;
  /** Other files sharing this file's name, which the engine drops together with it (`.archon/workflows/`-relative). */
  filenameClash?: string[];
  /** Other discovered workflow files of the project that declare this file's name. */
  namesakes?: DiscoveredName[];
  /** Loaded files sharing this file's name (root and grouping folders): the engine keeps one of them, silently. */
  overrides?: string[];
  /** The bundled workflow whose file name this file has, which it replaces (`<name>.yaml`). */
  replacesBundled?: string;
  /** The names the project's loaded workflows declare (shared by every file of the project). */
  projectNames: { has(name: string): boolean };
}

/** A workflow file discovery finds, with the name it declares and where. */
export interface DiscoveredName {
  /** As the linted file's path is written (see pathWriter). */
  path: string;
  /** `.archon/workflows/`-relative, the same from any working directory. */
  rel: string;
  name: string;
  span: Span;
  range: Range;
}

/**
 * A dry-run stub file (`<package>/fixtures/*.stubs.yaml`, read by `archon workflow run --dry-run
 * --stubs` and later `archon workflow test`): node ids mapped to canned outputs, beside the reserved
 * `fixture:` and `exec-code:` keys of fixture files. Discovery never parses it as a workflow.
 */
export interface StubFixtureModel {
  kind: 'stub-fixture';
  source: Source;
  tree: Tree;
  root: TreeNode;
  /** The folder beside `fixtures/`, `.archon/workflows/`-relative ('' for `.archon/workflows` itself). */
  folder: string;
  /** The workflows of that folder (a package holds one) the stubs are for; none for a misplaced file (`readAs`). */
  workflows: WorkflowModel[];
  /** Node ids of those workflows after include expansion (`<include-id>__<inner-id>`), to the node each names. */
  stubbable: ExpandedIds;
  /** The file's keys, when it is one mapping (else undefined: the engine rejects the file). */
  stubs?: StubEntry[];
  /**
   * For a stub file in `.archon/workflows/fixtures/` (a grouping folder to 0.9) or `<group>/fixtures/` (a package
   * folder to 0.9): how discovery reads that folder, and the workflow files it holds.
   */
  readAs?: { folder: string; as: 'group' | 'package'; files: string[] };
}

/** One key of a stub file: a node's stub, or a reserved key. */
export interface StubEntry extends Setting {
  /** For `fixture:`, the node ids each of its keys names: a mapping's keys, a list's strings, or one string. */
  named: Array<{ field: Field; ids: Located<string>[] }>;
}

/**
 * Node ids of workflows after include expansion, asked one at a time: the flattened id set is the
 * product of the include counts, so it is never built (see expansion.ts).
 */
export interface ExpandedIds {
  /** The node an expanded id names (the last of that id, as in the flattened workflow). */
  get(id: string): ArchonNode | undefined;
  /** True when the id is `<include>__…` for an include whose block orchlint cannot see (bundled, not found). */
  behindOpaqueInclude(id: string): boolean;
  /** The expanded ids that start with the prefix, in expansion order. */
  startingWith(prefix: string): string[];
  /** The expanded id didYouMean would suggest for this one, if any. */
  nearest(id: string): string | undefined;
}

/** What the Archon dialect builds for one file. */
export type ArchonUnit = WorkflowModel | StubFixtureModel;

export function isStubFixture(model: ArchonUnit): model is StubFixtureModel {
  return (model as StubFixtureModel).kind === 'stub-fixture';
}

/** A tier or `@alias` entry: the provider and model a `model:` reference stands for. */
export interface ModelPreset {
  provider: string;
  model: string;
}

/**
 * What a project's `.archon/config.yaml` says about providers (config-loader.ts loadRepoConfig): the
 * default `assistant` and the `tiers:` and `aliases:` presets a `model:` reference resolves through.
 * The engine layers these over the user's `~/.archon/config.yaml`, which orchlint cannot see: a value
 * set here wins for the project, one left unset here is the user's to choose.
 */
export interface ProjectConfig {
  /** The file's path as the host reads it. */
  path: string;
  /** `assistant:`, when it names a registered provider (the engine throws on any other). */
  assistant?: string;
  /** `tiers.small|medium|large` entries with a provider and a model. */
  tiers: ReadonlyMap<string, ModelPreset>;
  /** `commands.folder`: one more folder (project-relative) command files are found in. */
  commandFolder?: string;
  /** `defaults.loadDefaultCommands`: false turns the bundled commands off. */
  loadDefaultCommands?: boolean;
  /** `aliases.'@name'` entries with a provider and a model. */
  aliases: ReadonlyMap<string, ModelPreset>;
}

/** How a session node's provider was decided. */
export type ProviderSource =
  /** A `provider:` the node, its workflow or its loop_group writes. */
  | 'provider'
  /** A tier keyword or `@alias` in `model:`, through a preset. */
  | 'model-ref'
  /** Nothing names one: the default assistant (`.archon/config.yaml`'s, else the user's, else Claude). */
  | 'assistant';

/** The provider a session node runs on, and how sure orchlint can be of it (see provider-resolution.ts). */
export interface ProviderResolution {
  provider: string;
  source: ProviderSource;
  /** The `provider:` or `model:` value that decided it (none for the default assistant). */
  at?: Located<string>;
  /** The tier or alias that decided it, and whether `.archon/config.yaml` defines it. */
  preset?: { ref: string; inProjectConfig: boolean };
  /** True when the user's own Archon settings (`~/.archon/config.yaml`, per-user preferences) can change the answer. */
  userDependent: boolean;
  /** A `provider:` the file writes that the tier or alias overrides (the engine warns at run time and uses the preset's). */
  overridden?: Located<string>;
  /** An `@alias` `.archon/config.yaml` does not define: the node fails unless the user's settings define it. */
  unknownAlias?: Located<string>;
}

/** Graph questions every rule shares, answered lazily once per model. */
export interface Analysis {
  /** The provider a command, prompt, loop or loop_group node runs on; undefined for other kinds. */
  provider(node: ArchonNode): ProviderResolution | undefined;
  /** The provider the workflow's own `provider:` and `model:` choose, which its workflow-level fields meet. */
  workflowProvider(): ProviderResolution;
  /** Every node the given one transitively waits for, across enclosing scopes. */
  upstream(node: ArchonNode): ReadonlySet<ArchonNode>;
  /**
   * The node an id names from the given node's position: its scope, then enclosing scopes; for a reference
   * written in a loop_group's `until_bash` (`where`), the group's direct body first.
   */
  resolve(from: ArchonNode, id: string, where?: string): ArchonNode | undefined;
  /** Cyclic strongly connected sets per scope, in document order. */
  cycles(): ArchonNode[][];
}

/** The node keys whose mapping values the model holds as blocks. */
export const BLOCK_NAMES = ['approval', 'loop', 'loop_group', 'fan_out', 'context'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

export const KIND_KEYS: readonly NodeKind[] = [
  'command',
  'prompt',
  'bash',
  'loop',
  'loop_group',
  'approval',
  'cancel',
  'script',
  'include',
  'workflow',
];

/** Kinds that run an AI session: the only ones AI fields apply to. */
export function isAiNode(node: ArchonNode): boolean {
  return node.kind === 'command' || node.kind === 'prompt';
}

/** `'x'` for an id, `#3` for a node without one (1-based, as the engine writes it). */
export function nodeName(node: ArchonNode): string {
  return node.id !== undefined ? `'${node.id}'` : `#${node.index + 1}`;
}
