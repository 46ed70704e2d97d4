import type { FindingInfo } from './core-rules.js';
import type { ShellCheck } from './shellcheck.js';
import type { Diagnostic } from './diagnostic.js';
import type { TargetVersions } from './config.js';
import type { Targets } from './rule.js';
import type { Source, Span } from './source.js';

/**
 * Where files come from: the file system, an editor's open buffers, or memory. Paths are
 * '/'-separated. A host answers undefined for a file that is missing or outside the lint root,
 * so no dialect can read outside the folder being linted.
 */
export interface Host {
  readFile(path: string): string | undefined;
  /** Names of the entries of a directory (files and folders), or undefined when it is not one. */
  readDir(path: string): string[] | undefined;
  /**
   * The absolute '/'-separated path a path names, when the host can tell: a dialect finds the project
   * a file sits in from it, whatever folder the path was given relative to.
   */
  locate?(path: string): string | undefined;
  /** State the units of one run share (a dialect's project model, built once); absent, nothing is shared. */
  shared?: Map<string, unknown>;
  /** ShellCheck, when the host can run it (the CLI, where it is installed). */
  shellcheck?: ShellCheck;
}

export interface LoadResult<M> {
  /** Undefined when nothing could be built (the diagnostics say why). */
  model: M | undefined;
  diagnostics: Diagnostic[];
  /** Every file the unit read, the main one first. */
  sources: Source[];
  /**
   * Files the unit looked at without taking them in (another workflow's name, say), and folders it
   * listed: each file is still linted as its own unit, but a change to one, or a file added to or
   * removed from one of the folders, can change this unit's findings.
   */
  consulted?: string[];
}

/** How a file relates to a dialect. 'member' files are linted as part of a unit rooted elsewhere. */
export type Detection = 'unit' | 'member' | false;

export interface Dialect<M = unknown> extends DialectServices<M> {
  id: string;
  /**
   * What the dialect itself reports while loading, before any rule can run (an empty file, a
   * document that is not a mapping), each with its own id (`<dialect>/<name>`) so it can be
   * configured and suppressed like a rule.
   */
  findings?: readonly FindingInfo[];
  /** The version `targets[id]` means when the config names none (what --print-config shows). */
  defaultTarget?: string;
  /** Cheap: a path test, maybe a look at the first bytes. */
  detect(path: string, text: string): Detection;
  load(source: Source, host: Host, targets: Targets): LoadResult<M>;
  /**
   * The folder a unit of the file at this absolute path may read when it is wider than the folder the
   * file was named from (an Archon project's root, the folder holding `.archon/`), else undefined.
   */
  projectRoot?(path: string): string | undefined;
  /** The `targets` keys this dialect reads, with the versions it models for each. */
  targets?: readonly TargetVersions[];
}

/**
 * What a dialect tells the surfaces beyond lint (graph drawing, editor outline, go to definition,
 * completion, hover) so that a new dialect needs no change in the CLI or the language server.
 */
export interface DialectServices<M> {
  /** The unit drawn as a graph: states and transitions, nodes and dependencies, prompts and order. */
  graph?(model: M): GraphView | undefined;
  /** Named things the unit defines and every place that refers to one of them. */
  outline?(model: M): Outline;
  /**
   * The JSON Schema describing the YAML of `path` (the unit's main file or one of its member files;
   * front matter for Markdown), or undefined: hover text and key/enum completion.
   */
  schema?(model: M, path: string): object | undefined;
  /**
   * Data paths whose values refer to a symbol kind ('*' matches any one key or index), e.g.
   * { path: ['workflow', 'states', '*', 'on_event', '*'], kind: 'state' }: completion offers that kind there.
   */
  referenceSlots?: ReadonlyArray<{ path: readonly string[]; kind: string }>;
  /**
   * Notes the editor shows above what they are about (code lenses): how the unit's fixtures exercise
   * each node or state, for one. Reads the fixtures through the host.
   */
  lenses?(model: M, host: Host, targets: Targets): Lens[];
}

/** A line of text the editor shows above a span (a code lens). */
export interface Lens {
  span: Span;
  /** The file, when it is not the unit's main file. */
  path?: string;
  title: string;
}

export interface GraphView {
  /** 'LR' for pipelines, 'TD' for state machines: a hint to renderers. */
  direction: 'LR' | 'TD';
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  /** Subgraphs (loop groups, repos); a node names its group. */
  groups?: Array<{ id: string; label: string; parent?: string }>;
}

export interface GraphViewNode {
  id: string;
  label: string;
  group?: string;
  /** Roles renderers style: 'entry', 'terminal', 'agent', 'user', 'script', 'ai', 'approval', 'loop', 'problem', … */
  classes?: string[];
}

export interface GraphViewEdge {
  from: string;
  to: string;
  label?: string;
  style?: 'solid' | 'dashed' | 'dotted';
  /** 'problem' marks an edge that is part of a finding (an agent cycle without exit, say). */
  classes?: string[];
}

export interface OutlineSymbol {
  name: string;
  /** 'state', 'prompt', 'tool', 'node', 'repo', 'composition', 'step', … */
  kind: string;
  /** The name's own span (a key, usually), in `path`'s file. */
  span: Span;
  /** The whole definition's span, for outlines and folding. */
  fullSpan?: Span;
  /** The file, when it is not the unit's main file. */
  path?: string;
  detail?: string;
  children?: OutlineSymbol[];
}

export interface OutlineReference {
  name: string;
  kind: string;
  span: Span;
  path?: string;
}

export interface Outline {
  symbols: OutlineSymbol[];
  references: OutlineReference[];
}
