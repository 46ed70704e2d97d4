import type { Pair } from 'yaml';
import type { Clause, Confidence, FindingData, RelatedLocation, RuleCategory, Severity } from './diagnostic.js';
import type { Source, Span } from './source.js';
import type { Located } from './model.js';
import type { ShellCheck } from './shellcheck.js';
import type { TreeNode } from './tree.js';

/** Anything a finding can point at: a tree node, a key/value pair, a model's located value or key, or raw offsets. */
export type At = TreeNode | Pair | Located | Span;

/** A related location given by its path, span and range rather than by a source. */
export type PlacedLocation = RelatedLocation;

export interface EditDescriptor {
  at: At;
  newText: string;
}

export interface ReportDescriptor {
  at: At;
  /** The file the finding is in, when the unit spans several files; default: the unit's main file. */
  source?: Source;
  message: string;
  /** The finding's facts as values (a key, a name) for consumers that need them, so none parses the message. */
  data?: FindingData;
  /**
   * Other places the finding concerns: a node or span of a source, or a place already resolved to
   * its path and range (a file the unit did not parse, such as a project's other workflows).
   */
  related?: Array<{ at: At; source?: Source; message: string } | PlacedLocation>;
  /** A security audit's confidence in this finding, when lower than the rule's (a weaker source or sink). */
  confidence?: Confidence;
  /** Edits on the same file as the finding; applied only on request (--fix, editor quick fix). */
  fix?: { title: string; edits: EditDescriptor[] };
}

export type Report = (descriptor: ReportDescriptor) => void;

/** Version targets a project lints against, e.g. { promptpack: '1.9.0', runtime: 'promptkit@1.5' }. */
export type Targets = Readonly<Record<string, string>>;

export interface RuleContext {
  /** The unit's main file. */
  source: Source;
  targets: Targets;
  /** The host's ShellCheck, when it has one. */
  shellcheck?: ShellCheck;
}

export interface Rule<M = unknown> {
  /** `<dialect>/<kebab-name>`. */
  id: string;
  dialect: string;
  /** Default severity: the one its clause gives (`clauses[clause].severity`); config can change it. */
  severity: Severity;
  /** The clause of the severity policy (README "Severity") that decides the default severity. */
  clause: Clause;
  /** 'security' for the security audits; correctness otherwise. */
  category?: RuleCategory;
  /** A security audit's confidence that its findings are exploitable; --persona/--min-confidence filter on it. */
  confidence?: Confidence;
  /** The spec sentence the rule enforces, or "derived: <why>". */
  basis: string;
  summary: string;
  fixable?: boolean;
  check(model: M, report: Report, context: RuleContext): void;
}

export function defineRule<M>(rule: Rule<M>): Rule<M> {
  return rule;
}
