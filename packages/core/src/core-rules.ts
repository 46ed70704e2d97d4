import { makeDiagnostic, type Clause, type Diagnostic, type Severity } from './diagnostic.js';
import type { Source, Span } from './source.js';

export const CONFIG_RULE = 'core/config';
export const UNUSED_SUPPRESSION = 'core/unused-suppression';
export const INVALID_SUPPRESSION = 'core/invalid-suppression';
export const SUPPRESSION_WITHOUT_REASON = 'core/suppression-without-reason';
/** orchlint failed on a file: a bug, reported as a finding so the other files are still linted. */
export const INTERNAL_ERROR = 'core/internal-error';

/** Where bugs are reported. */
export const ISSUES_URL = 'https://github.com/orchlint/orchlint/issues';

/** A baseline entry (CLI --baseline) that no finding matches any more. */
export const STALE_BASELINE = 'core/stale-baseline';
export const UNMATCHED_OVERRIDE = 'core/unmatched-override';

/**
 * A finding described like a rule for listings, SARIF and config validation: the engine's own
 * (core/*, below) and a dialect's load-level ones (Dialect.findings), which no rule's check reports.
 */
export interface FindingInfo {
  id: string;
  severity: Severity;
  /** The clause of the severity policy that decides the default severity, as for a rule. */
  clause: Clause;
  summary: string;
  basis: string;
}

/** @deprecated the name before dialect findings shared it; use FindingInfo. */
export type CoreRuleInfo = FindingInfo;

/** Every core finding and its default severity: the one place a core/* severity is decided. */
export const coreRules = [
  {
    id: 'core/yaml-syntax',
    severity: 'error',
    clause: 'rejected',
    summary: 'the file is not well-formed YAML or JSON',
    basis: 'YAML 1.2 / JSON (RFC 8259) syntax',
  },
  {
    id: 'core/json-syntax',
    severity: 'error',
    clause: 'rejected',
    summary: 'a .json file is not strict JSON (trailing comma, comment, single quotes, bare word…)',
    basis: 'RFC 8259: the JSON grammar the runtimes parse with',
  },
  {
    id: 'core/encoding',
    severity: 'error',
    clause: 'rejected',
    summary: 'the file is not valid UTF-8',
    basis: 'YAML 1.2 §5.2 and RFC 8259 §8.1: the text is Unicode (UTF-8)',
  },
  {
    id: 'core/duplicate-key',
    severity: 'error',
    clause: 'admissibility',
    summary: 'a mapping holds the same key twice',
    basis: 'YAML 1.2 §3.2.1.1: mapping keys are unique',
  },
  {
    id: 'core/unknown-format',
    severity: 'warning',
    clause: 'dropped',
    summary: 'a file named on the command line is of no format orchlint knows, or binary',
    basis: 'derived: an explicitly named file that is not linted is worth saying',
  },
  {
    id: 'core/file-too-large',
    severity: 'error',
    clause: 'rejected',
    summary: 'a file is over the size orchlint parses (--max-file-size, maxFileSize), so it was not linted',
    basis: 'derived: a file is parsed whole, and one that was not linted must not pass as if it had been',
  },
  {
    id: 'core/unreadable-file',
    severity: 'error',
    clause: 'rejected',
    summary: 'a file to lint cannot be read (permissions, removed meanwhile)',
    basis: 'derived: a file that was not linted must not pass silently',
  },
  {
    id: INTERNAL_ERROR,
    severity: 'error',
    clause: 'rejected',
    summary: 'orchlint failed on this file (a bug)',
    basis: 'derived: a failure is reported, never hidden',
  },
  {
    id: CONFIG_RULE,
    severity: 'error',
    clause: 'rejected',
    summary: 'the orchlint configuration file is invalid',
    basis: 'schemas/orchlint-config.schema.json',
  },
  {
    id: UNUSED_SUPPRESSION,
    severity: 'warning',
    clause: 'misbehaves',
    summary: 'a suppression comment or config ignore entry silences nothing',
    basis: 'derived: a stale suppression would hide a future finding',
  },
  {
    id: UNMATCHED_OVERRIDE,
    severity: 'warning',
    clause: 'misbehaves',
    summary: 'a config overrides glob matches no linted file',
    basis:
      'derived: an override that applies nowhere is a mistyped or stale path, and its settings would land on a future file unseen',
  },
  {
    id: INVALID_SUPPRESSION,
    severity: 'warning',
    clause: 'dropped',
    summary: 'a suppression comment names no rule or an unknown one, or is text inside a block scalar',
    basis: 'derived: a suppression that cannot apply is a typo',
  },
  {
    id: SUPPRESSION_WITHOUT_REASON,
    severity: 'warning',
    clause: 'misbehaves',
    summary: 'a suppression comment gives no reason (--strict)',
    basis: "derived: under --strict every suppression says why after ' -- '",
  },
  {
    id: STALE_BASELINE,
    severity: 'warning',
    clause: 'misbehaves',
    summary: 'a baseline entry matches no finding any more',
    basis: 'derived: a stale baseline entry would hide a future finding',
  },
] as const satisfies readonly FindingInfo[];

export type CoreFindingId = (typeof coreRules)[number]['id'];

const coreSeverities = new Map<string, Severity>(coreRules.map((r) => [r.id, r.severity]));

/** The default severity of a core finding (settings may override it later, in the engine). */
export function coreSeverity(id: CoreFindingId): Severity {
  return coreSeverities.get(id)!;
}

/** Whether a finding says the file does not parse: a YAML syntax error, or what strict JSON rejects in a .json file. */
export function isSyntaxFinding(d: { rule: string; severity: string }): boolean {
  return (d.rule === 'core/yaml-syntax' || d.rule === 'core/json-syntax') && d.severity === 'error';
}

/** A core finding at its table severity. */
export function coreFinding(source: Source, span: Span, id: CoreFindingId, message: string): Diagnostic {
  return makeDiagnostic(source, span, id, coreSeverity(id), message);
}

/** A dialect's own finding (one of its Dialect.findings) at its default severity. */
export function dialectFinding(info: FindingInfo, source: Source, span: Span, message: string): Diagnostic {
  return makeDiagnostic(source, span, info.id, info.severity, message);
}

/** Where the rule docs are published: the repository's rules/ folder and README. */
const REPOSITORY = 'https://github.com/orchlint/orchlint/blob/main/';

/** The engine's own findings are documented in the README's sections. */
const coreDocAnchor: Record<string, string> = {
  [CONFIG_RULE]: 'configuration',
  [UNUSED_SUPPRESSION]: 'suppressions',
  [INVALID_SUPPRESSION]: 'suppressions',
  [SUPPRESSION_WITHOUT_REASON]: 'suppressions',
  [STALE_BASELINE]: 'baseline',
  [UNMATCHED_OVERRIDE]: 'configuration',
};

/** Where a rule's doc lives in the repository: rules/<id>.md, or a README section for core/* findings. */
export function ruleDocPath(id: string): string {
  if (id.startsWith('core/')) return `README.md#${coreDocAnchor[id] ?? 'findings-of-the-engine'}`;
  return `rules/${id}.md`;
}

/** The published doc of a rule (SARIF helpUri, `orchlint rules`, editor links). */
export function ruleDocUrl(id: string): string {
  return `${REPOSITORY}${ruleDocPath(id)}`;
}
