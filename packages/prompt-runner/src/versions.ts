import { literalVersion, targetPattern, type TargetVersions, type Targets } from '@orchlint/core';

/** The Prompt Runner release orchlint lints against unless `targets['prompt-runner']` says otherwise. */
export const DEFAULT_VERSION = '0.12.1';

export interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: string[];
  /** True for `MAJOR.MINOR` (allowed only after `~>`). */
  short?: boolean;
}

const IDENT = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const NUM = '(0|[1-9]\\d*)';
/** Elixir's `Version.parse/1`: MAJOR.MINOR.PATCH, optional `-pre` and `+build`, no leading zeros. */
const VERSION = new RegExp(`^${NUM}\\.${NUM}(?:\\.${NUM})?(?:-(${IDENT}))?(?:\\+${IDENT})?$`);

export function parseVersion(text: string, allowMissingPatch = false): Version | undefined {
  const m = VERSION.exec(text);
  if (!m || (m[3] === undefined && !allowMissingPatch)) return undefined;
  const pre = m[4]?.split('.') ?? [];
  if (pre.some((p) => /^\d+$/.test(p) && p.length > 1 && p.startsWith('0'))) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0), pre, short: m[3] === undefined };
}

export function compareVersions(a: Version, b: Version): number {
  const d = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (d) return d;
  if (!a.pre.length || !b.pre.length) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.pre.length - b.pre.length;
}

const release = (text: string): Version => parseVersion(text)!;

/** The release the project names in `targets['prompt-runner']` (`0.13`, `0.13.0`, `v0.13.0`), if any. */
export function explicitVersion(targets: Targets): string | undefined {
  const wanted = targets['prompt-runner']?.trim().replace(/^v/, '');
  const v = wanted ? parseVersion(wanted, true) : undefined;
  return v ? versionText(v) : undefined;
}

export function versionText(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

export function atLeast(version: string, minimum: string): boolean {
  return compareVersions(release(version), release(minimum)) >= 0;
}

const CAPABILITIES_0_11 = [
  'cli.strict_options',
  'selector.explicit_many',
  'selector.remaining',
  'selector.lower_bound',
  'selector.upper_bound',
  'verifier.argv',
  'verifier.typed_faults',
  'verifier.read_only',
  'events.append_only',
  'sessions.owner_scoped',
  'containment.systemd_user',
  'workspace.independent_clone',
  'workspace.operator_owned_artifact',
  'workspace.legacy_state_import',
];

/**
 * `priv/capabilities` of each release orchlint knows: 0.12.1 and 0.13.0 verbatim; 0.11.0 is 0.12.1's
 * list without `agent_control.linear`, which the 0.12.0 CHANGELOG adds (0.12.1 adds none).
 */
export const RELEASE_CAPABILITIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['0.11.0', CAPABILITIES_0_11],
  ['0.12.0', [...CAPABILITIES_0_11, 'agent_control.linear']],
  ['0.12.1', [...CAPABILITIES_0_11, 'agent_control.linear']],
  ['0.13.0', [...CAPABILITIES_0_11, 'agent_control.linear', 'completion.agent_owned']],
];

/** The installed capability list of the newest known release not after `version`. */
export function capabilitiesOf(version: string): { release: string; capabilities: readonly string[] } {
  let found = RELEASE_CAPABILITIES[0]!;
  for (const entry of RELEASE_CAPABILITIES) if (atLeast(version, entry[0])) found = entry;
  return { release: found[0], capabilities: found[1] };
}

/** The first known release whose list has the capability. */
export function releaseWithCapability(capability: string): string | undefined {
  return RELEASE_CAPABILITIES.find(([, list]) => list.includes(capability))?.[0];
}

export type RequirementOp = '==' | '!=' | '>' | '>=' | '<' | '<=' | '~>';

/** A parsed `Version.parse_requirement/1` string: alternatives (`or`) of conjunctions (`and`). */
export type Requirement = Array<Array<{ op: RequirementOp; version: Version }>>;

const OPERATORS: ReadonlyArray<readonly [string, RequirementOp]> = [
  ['>=', '>='],
  ['<=', '<='],
  ['~>', '~>'],
  ['>', '>'],
  ['<', '<'],
  ['==', '=='],
  ['!=', '!='],
  ['!', '!='],
];

/** Elixir's requirement lexer and parser; a string it rejects gives the reason instead. */
export function parseRequirement(text: string): { requirement: Requirement } | { error: string } {
  const tokens: string[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) tokens.push(buffer);
    buffer = '';
  };
  for (let i = 0; i < text.length; ) {
    const op = OPERATORS.find(([t]) => text.startsWith(t, i));
    if (op) {
      flush();
      tokens.push(op[1]);
      i += op[0].length;
    } else if (text[i] === ' ') {
      flush();
      i++;
    } else if (!buffer && text.startsWith('or', i)) {
      tokens.push('or');
      i += 2;
    } else if (!buffer && text.startsWith('and', i)) {
      tokens.push('and');
      i += 3;
    } else {
      buffer += text[i];
      i++;
    }
  }
  flush();
  if (!tokens.length) return { error: 'it is empty' };
  const requirement: Requirement = [[]];
  for (let i = 0; i < tokens.length; ) {
    let op: RequirementOp = '==';
    if (OPERATORS.some(([, o]) => o === tokens[i])) op = tokens[i++] as RequirementOp;
    const word = tokens[i++];
    if (word === undefined || word === 'and' || word === 'or' || OPERATORS.some(([, o]) => o === word)) {
      return { error: `'${op}' is not followed by a version` };
    }
    const version = parseVersion(word, op === '~>');
    if (!version) {
      return {
        error: `'${word}' is not a version (MAJOR.MINOR.PATCH${op === '~>' ? ', or MAJOR.MINOR after ~>' : ''})`,
      };
    }
    requirement[requirement.length - 1]!.push({ op, version });
    const joiner = tokens[i++];
    if (joiner === undefined) break;
    if (joiner === 'or') requirement.push([]);
    else if (joiner !== 'and') return { error: `'${joiner}' follows a version where 'and' or 'or' belongs` };
    if (i >= tokens.length) return { error: `it ends with '${joiner}'` };
  }
  return { requirement };
}

/** The lowest release (no pre-release part) the requirement admits, or undefined when it admits none. */
export function lowestRelease(requirement: Requirement): Version | undefined {
  let lowest: Version | undefined;
  for (const clauses of requirement) {
    const v = lowestOfConjunction(clauses);
    if (v && (!lowest || compareVersions(v, lowest) < 0)) lowest = v;
  }
  return lowest;
}

function lowestOfConjunction(clauses: Requirement[number]): Version | undefined {
  let candidate: Version = { major: 0, minor: 0, patch: 0, pre: [] };
  const atLeastThis = (v: Version, strict: boolean) => {
    let lower: Version = { major: v.major, minor: v.minor, patch: v.patch, pre: [] };
    if (strict && !v.pre.length) lower = { ...lower, patch: lower.patch + 1 };
    if (compareVersions(lower, candidate) > 0) candidate = lower;
  };
  for (const { op, version } of clauses) {
    if (op === '>=' || op === '~>' || op === '==') atLeastThis(version, false);
    if (op === '>') atLeastThis(version, true);
  }
  for (let guard = 0; guard < 1000; guard++) {
    const excluded = clauses.some(({ op, version }) => op === '!=' && compareVersions(version, candidate) === 0);
    if (!excluded) return clauses.every((c) => satisfies(candidate, c)) ? candidate : undefined;
    candidate = { ...candidate, patch: candidate.patch + 1 };
  }
  return undefined;
}

function satisfies(v: Version, { op, version }: Requirement[number][number]): boolean {
  const c = compareVersions(v, version);
  switch (op) {
    case '==':
      return c === 0;
    case '!=':
      return c !== 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '~>':
      return c >= 0 && compareVersions(v, tildeUpper(version)) < 0;
  }
}

/** `~> 2.1` admits < 3.0.0; `~> 2.1.3` admits < 2.2.0. */
function tildeUpper(v: Version): Version {
  return v.short
    ? { major: v.major + 1, minor: 0, patch: 0, pre: [] }
    : { major: v.major, minor: v.minor + 1, patch: 0, pre: [] };
}

/** A pre-release identifier parseVersion takes: alphanumeric, or digits without a leading zero. */
const PRE_IDENT = '(?:0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)';

/** `targets['prompt-runner']`: the releases orchlint models (`0.13` and `v0.13.0` name 0.13.0). */
export const promptRunnerTarget: TargetVersions = {
  target: 'prompt-runner',
  versions: RELEASE_CAPABILITIES.map(([v]) => v),
  models: (requested) => isModelledRelease(requested),
  // What isModelledRelease reads: one `v`, a release (`.0` may be left out), `-pre` and `+build`.
  pattern: targetPattern(
    `v?(?:${RELEASE_CAPABILITIES.map(([v]) => literalVersion(v).replace(/\\\.0$/, '(?:\\.0)?')).join('|')})` +
      `(?:-${PRE_IDENT}(?:\\.${PRE_IDENT})*)?(?:\\+${IDENT})?`,
  ),
};

/** Whether a release, as `--target-version` or `targets['prompt-runner']` spells it, is one orchlint models. */
export function isModelledRelease(requested: string): boolean {
  const v = explicitVersion({ 'prompt-runner': requested });
  return v !== undefined && RELEASE_CAPABILITIES.some(([r]) => r === v);
}
