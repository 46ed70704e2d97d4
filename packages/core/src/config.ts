import picomatch from 'picomatch';
import configSchema from '@orchlint/schemas/orchlint-config.schema.json' with { type: 'json' };
import { CONFIG_RULE, coreFinding } from './core-rules.js';
import { rangeOf, type Confidence, type Diagnostic, type Range, type Severity } from './diagnostic.js';
import { parseFileSize } from './file-size.js';
import type { Source, Span } from './source.js';
import type { Targets } from './rule.js';
import { didYouMean, SchemaChecker } from './schema.js';
import { isScalar, Tree } from './tree.js';

export type RuleSetting = Severity | 'off';

/** One config `ignore` entry that silences rules at a path (and maybe one line): the JSON files' suppressions. */
export interface RuleIgnore {
  rules: readonly string[];
  /** A glob relative to the config's folder. */
  pattern: string;
  /** 1-based; undefined silences the rules in the whole file. */
  line?: number;
  /** As written in the config, for messages. */
  text: string;
  /** Where the entry is written in the config file, when the caller knows: an unused entry is reported there. */
  at?: { path: string; range: Range; span: Span };
}

/**
 * A config's per-path ignores. Their globs are relative to `dir`, the config's folder as an absolute
 * '/'-path; `root` is the hosts' root likewise ('' when the hosts' paths are absolute already), so
 * any finding's path maps into the config's folder wherever the run starts.
 */
export interface IgnoreEntries {
  root: string;
  dir: string;
  entries: readonly RuleIgnore[];
}

/** The resolved settings for one file: rule severities and version targets. */
export interface LintSettings {
  rules: Readonly<Record<string, RuleSetting>>;
  targets: Targets;
  /** Rules silenced per path by the config file, and where their globs are anchored. */
  ignores?: IgnoreEntries;
  /** Every inline suppression must give a reason (`-- why`); set by --strict. */
  requireSuppressionReasons?: boolean;
  /** Files over this many bytes get core/file-too-large and are not parsed; default DEFAULT_MAX_FILE_SIZE. */
  maxFileSize?: number;
  /** Security findings below this confidence are not reported; default 'high' (the regular persona). */
  minConfidence?: Confidence;
}

/** Who reads the security findings (zizmor's personas), and the least confidence each is shown. */
export type Persona = 'regular' | 'pedantic' | 'auditor';
export const PERSONA_CONFIDENCE: Readonly<Record<Persona, Confidence>> = {
  regular: 'high',
  pedantic: 'medium',
  auditor: 'low',
};
const CONFIDENCE_RANK: Readonly<Record<Confidence, number>> = { low: 0, medium: 1, high: 2 };

/** Whether a security finding of this confidence is shown under the settings (regular persona by default). */
export function confident(confidence: Confidence, settings: Pick<LintSettings, 'minConfidence'>): boolean {
  return CONFIDENCE_RANK[confidence] >= CONFIDENCE_RANK[settings.minConfidence ?? 'high'];
}

export const defaultSettings: LintSettings = { rules: {}, targets: {} };

/** orchlint.config.{yaml,yml,json}, as validated by schemas/orchlint-config.schema.json. */
export interface OrchlintConfig {
  /** A size as `20MB`, `512KiB` or a number of bytes (see parseFileSize). */
  maxFileSize?: string | number;
  rules?: Record<string, RuleSetting>;
  targets?: Record<string, string>;
  /** Which security findings show: a persona, or the least confidence (which wins when both are set). */
  persona?: Persona;
  minConfidence?: Confidence;
  ignore?: Array<string | { rules: string[]; paths: string[]; reason?: string }>;
  overrides?: Array<{
    files: string | string[];
    rules?: Record<string, RuleSetting>;
    targets?: Record<string, string>;
    persona?: Persona;
    minConfidence?: Confidence;
  }>;
}

/** The versions orchlint models for one `targets` key, as a dialect declares them. */
export interface TargetVersions {
  /** The `targets` key: 'promptpack', 'archon', 'prompt-runner', 'runtime'. */
  target: string;
  /** The versions as a user would write them, oldest first: for messages, schemas and settings. */
  versions: readonly string[];
  /** Whether orchlint models the requested version (other spellings of a listed one included). */
  models(requested: string): boolean;
  /**
   * Every spelling `models` accepts and no other, as one JSON Schema `pattern` (see target-pattern.ts):
   * the VS Code extension's `orchlint.targets` settings schema is generated from it
   * (scripts/sync-file-patterns.mjs), and test/lsp/settings-targets.test.ts checks the two agree.
   */
  pattern: string;
}

/** The config file names the CLI and the language server look for, nearest first in each folder. */
export const CONFIG_NAMES: readonly string[] = ['orchlint.config.yaml', 'orchlint.config.yml', 'orchlint.config.json'];

let checker: SchemaChecker | undefined;

/**
 * Checks a parsed config file: its shape against the config schema, then every rule id it names
 * against the rules orchlint knows, and every target version against the versions the dialects
 * model. Findings sit on the offending key or value; an empty list means `tree.value` is a usable
 * OrchlintConfig.
 */
export function validateConfig(
  tree: Tree,
  knownRules: readonly string[],
  knownTargets: readonly TargetVersions[] = [],
): Diagnostic[] {
  const out = [...tree.diagnostics];
  if (!tree.usable || !tree.clean) return out;
  if (tree.root === undefined) return out;
  checker ??= new SchemaChecker(configSchema as Record<string, unknown>);
  for (const f of checker.check(tree)) {
    // A malformed rule id is an unknown rule, said below with its did-you-mean.
    if (f.key !== undefined && f.path[f.path.length - 1] === 'rules') continue;
    out.push(coreFinding(tree.source, f.span, CONFIG_RULE, `${f.message} (orchlint configuration)`));
  }
  // Unknown rule ids in the same pass, so one run shows every mistake; an id the schema already rejected is not reported twice.
  const reported = new Set(out.map((d) => d.span.start));
  const known = new Set(knownRules);
  const checkId = (node: unknown) => {
    if (
      !isScalar(node) ||
      typeof node.value !== 'string' ||
      known.has(node.value) ||
      reported.has(node.range?.[0] ?? -1)
    )
      return;
    const id = node.value;
    out.push(
      coreFinding(
        tree.source,
        { start: node.range?.[0] ?? 0, end: node.range?.[1] ?? 0 },
        CONFIG_RULE,
        `unknown rule '${id}'${didYouMean(id, knownRules)}; \`orchlint rules\` lists every rule id`,
      ),
    );
  };
  const root = tree.root;
  const ruleKeys = (map: ReturnType<Tree['get']>) => {
    for (const e of tree.entries(map)) checkId(e.keyNode);
  };
  // A version orchlint does not model is never read as a nearby one in silence.
  const targetValues = (map: ReturnType<Tree['get']>) => {
    for (const e of tree.entries(map)) {
      const known = knownTargets.find((t) => t.target === e.key);
      const node = e.value;
      if (!known || !isScalar(node) || typeof node.value !== 'string' || known.models(node.value)) continue;
      out.push(
        coreFinding(
          tree.source,
          { start: node.range?.[0] ?? 0, end: node.range?.[1] ?? 0 },
          CONFIG_RULE,
          `targets.${e.key} '${node.value}' is not a version orchlint models; it knows ${known.versions.join(', ')}`,
        ),
      );
    }
  };
  // A size the schema's pattern lets through may still be none (0MB).
  const size = tree.get(root, 'maxFileSize');
  if (isScalar(size) && !reported.has(size.range?.[0] ?? -1) && parseFileSize(size.value as string) === undefined) {
    out.push(
      coreFinding(
        tree.source,
        { start: size.range?.[0] ?? 0, end: size.range?.[1] ?? 0 },
        CONFIG_RULE,
        `maxFileSize ${JSON.stringify(size.value)} is not a size; write a number of bytes or one with a unit, e.g. 20MB`,
      ),
    );
  }
  ruleKeys(tree.get(root, 'rules'));
  targetValues(tree.get(root, 'targets'));
  for (const o of tree.items(tree.get(root, 'overrides'))) ruleKeys(tree.get(o, 'rules'));
  for (const o of tree.items(tree.get(root, 'overrides'))) targetValues(tree.get(o, 'targets'));
  for (const i of tree.items(tree.get(root, 'ignore'))) tree.items(tree.get(i, 'rules')).forEach(checkId);
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** A config file's text as every host reads it (the CLI, the language server, the playground). */
export interface ConfigText {
  /** Undefined when the text does not validate (the diagnostics say why). */
  config?: OrchlintConfig;
  /** Its positioned findings (core/config). */
  diagnostics: Diagnostic[];
  /** Where each `ignore[i].paths[j]` is written, so an unused entry is reported at it. */
  ignoreAt: Array<Array<RuleIgnore['at']>>;
  /** Where each `overrides[i].files[j]` is written (a single `files` string is j = 0), likewise. */
  overridesAt: Array<Array<RuleIgnore['at']>>;
}

/** Parses and validates a config file's text (see validateConfig). */
export function readConfig(
  source: Source,
  knownRules: readonly string[],
  knownTargets: readonly TargetVersions[] = [],
): ConfigText {
  const tree = new Tree(source);
  const diagnostics = validateConfig(tree, knownRules, knownTargets);
  if (diagnostics.length) return { diagnostics, ignoreAt: [], overridesAt: [] };
  const site = (node: { range?: readonly number[] | null }) => {
    const span = { start: node.range?.[0] ?? 0, end: node.range?.[1] ?? 0 };
    return { path: source.path, span, range: rangeOf(source, span) };
  };
  const ignoreAt = tree
    .items(tree.get(tree.root, 'ignore'))
    .map((entry) => tree.items(tree.get(entry, 'paths')).map(site));
  const overridesAt = tree.items(tree.get(tree.root, 'overrides')).map((entry) => {
    const files = tree.get(entry, 'files');
    return isScalar(files) ? [site(files)] : tree.items(files).map(site);
  });
  return { config: (tree.value ?? {}) as OrchlintConfig, diagnostics, ignoreAt, overridesAt };
}

export interface ResolvedSettings {
  /** True when a top-level `ignore` glob matches the file: it is not linted at all. */
  ignored: boolean;
  settings: LintSettings;
}

/**
 * The settings for one file from a valid config: the top level, then every matching override in
 * order. `relPath` is the file's path relative to the config's folder ('/'-separated); `anchor`
 * places the per-path ignores (see IgnoreEntries).
 */
export function resolveSettings(
  config: OrchlintConfig,
  relPath: string,
  anchor: Pick<IgnoreEntries, 'root' | 'dir'>,
  /** Where `ignore[entry].paths[path]` is written in the config file. */
  locate?: (entry: number, path: number) => RuleIgnore['at'],
): ResolvedSettings {
  const rules: Record<string, RuleSetting> = { ...config.rules };
  const targets: Record<string, string> = { ...config.targets };
  let minConfidence = securityLevel(config);
  for (const o of config.overrides ?? []) {
    if (!matchesAny(o.files, relPath)) continue;
    Object.assign(rules, o.rules);
    Object.assign(targets, o.targets);
    minConfidence = securityLevel(o) ?? minConfidence;
  }
  const entries: RuleIgnore[] = [];
  let ignored = false;
  (config.ignore ?? []).forEach((i, n) => {
    if (typeof i === 'string') {
      ignored ||= matchesAny(i, relPath);
      return;
    }
    i.paths.forEach((text, k) => {
      const m = /^(.*?):([1-9]\d*)$/.exec(text);
      const at = locate?.(n, k);
      entries.push({
        rules: i.rules,
        pattern: m ? m[1]! : text,
        ...(m ? { line: Number(m[2]) } : {}),
        text,
        ...(at ? { at } : {}),
      });
    });
  });
  const maxFileSize = config.maxFileSize === undefined ? undefined : parseFileSize(config.maxFileSize);
  const settings: LintSettings = {
    rules,
    targets,
    ...(entries.length ? { ignores: { ...anchor, entries } } : {}),
    ...(minConfidence ? { minConfidence } : {}),
    ...(maxFileSize !== undefined ? { maxFileSize } : {}),
  };
  return { ignored, settings };
}

/** The least confidence a config (or an override) asks for: `minConfidence`, else its persona's. */
function securityLevel(c: { persona?: Persona; minConfidence?: Confidence }): Confidence | undefined {
  return c.minConfidence ?? (c.persona ? PERSONA_CONFIDENCE[c.persona] : undefined);
}

const matchers = new Map<string, (path: string) => boolean>();

/**
 * Whether a glob matches a path or one of its folders (so `vendor` and `vendor/**` both cover
 * vendor/x.yaml). Globs without a slash match at any depth, as in .gitignore.
 */
export function matchesGlob(glob: string, path: string): boolean {
  let match = matchers.get(glob);
  if (!match) {
    const pattern = glob.replace(/^\.\//, '').replace(/\/+$/, '');
    match = picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
    matchers.set(glob, match);
  }
  if (match(path)) return true;
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    if (match(path.slice(0, i))) return true;
  }
  return false;
}

function matchesAny(globs: string | readonly string[], path: string): boolean {
  return (typeof globs === 'string' ? [globs] : globs).some((g) => matchesGlob(g, path));
}

/** `a/b/../c` → `a/c`; a path that climbs above its start keeps its leading `..` segments. */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}
