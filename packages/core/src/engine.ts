import { confident, type LintSettings } from './config.js';
import { makeDiagnostic, rangeOf, sortAndDedupe, type Diagnostic } from './diagnostic.js';
import { coreFinding, coreRules, INTERNAL_ERROR, ISSUES_URL } from './core-rules.js';
import { DEFAULT_MAX_FILE_SIZE, fileTooLarge, sizeOver } from './file-size.js';
import type { Dialect, Host, LoadResult } from './dialect.js';
import { spanOf } from './location.js';
import type { ReportDescriptor, Rule } from './rule.js';
import { detached, type Source } from './source.js';
import { applySuppressions, ignoresMatching } from './suppressions.js';

export interface UnitResult {
  dialect: string;
  /** The config's positioned ignore entries the unit used, or could not judge (see applySuppressions). */
  ignoresInUse: string[];
  /** The dialect's model, for the surfaces' other services (outline, hover); undefined when the unit did not load. */
  model: unknown;
  diagnostics: Diagnostic[];
  sources: Source[];
  /** Files the unit looked at beyond its sources (see LoadResult.consulted). */
  consulted: string[];
}

/**
 * Loads one unit (a file, or a multi-file unit rooted at it) and runs every enabled rule of its
 * dialect once on the model. A rule that throws becomes one core/internal-error; the others go on.
 * Configured severities, then the unit's suppression comments and the config's per-path ignores,
 * apply here, so every surface (CLI, language server) reports the same findings.
 */
export function lintUnit(
  source: Source,
  dialect: Dialect,
  rules: readonly Rule<any>[],
  host: Host,
  settings: LintSettings,
): UnitResult {
  const limit = settings.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const bytes = sizeOver(source.text, limit);
  if (bytes !== undefined) {
    const diagnostics = configured([fileTooLarge(source, bytes, limit)], settings);
    const ignoresInUse = ignoresMatching([source], settings);
    return { dialect: dialect.id, model: undefined, diagnostics, sources: [source], consulted: [], ignoresInUse };
  }
  let loaded: LoadResult<unknown>;
  try {
    loaded = dialect.load(source, sizedHost(host, limit), settings.targets);
  } catch (error) {
    return {
      dialect: dialect.id,
      model: undefined,
      diagnostics: [internalError(source, `loading as ${dialect.id}`, error)],
      sources: [source],
      consulted: [],
      ignoresInUse: ignoresMatching([source], settings),
    };
  }
  // Each finding gets its configured severity once, where it is made: the load's (parse errors,
  // the dialect's own findings) here, a rule's as it reports, the suppressions' own as they come out.
  // A finding turned off never enters, so it cannot keep a suppression comment in use.
  const diagnostics = configured(loaded.diagnostics, settings);
  const model = loaded.model;
  if (model !== undefined) {
    for (const rule of rules) {
      if (rule.dialect !== dialect.id) continue;
      const severity = settings.rules[rule.id] ?? rule.severity;
      if (severity === 'off') continue;
      // A security audit's findings below the persona's confidence never enter (regular: high only).
      const audit = rule.category === 'security';
      const report = (d: ReportDescriptor): void => {
        if (audit && !confident(d.confidence ?? rule.confidence ?? 'high', settings)) return;
        diagnostics.push(toDiagnostic(d, rule.id, severity, source));
      };
      try {
        rule.check(model, report, {
          source,
          targets: settings.targets,
          ...(host.shellcheck ? { shellcheck: host.shellcheck } : {}),
        });
      } catch (error) {
        diagnostics.push(internalError(source, `rule ${rule.id}`, error));
      }
    }
  }
  const knownRules = [...coreRules, ...(dialect.findings ?? []), ...rules].map((r) => r.id);
  const { kept, added, ignoresInUse } = applySuppressions(
    diagnostics,
    loaded.sources,
    settings,
    knownRules,
    model !== undefined,
  );
  const all = sortAndDedupe([...kept, ...configured(added, settings)]);
  return {
    dialect: dialect.id,
    model,
    diagnostics: all,
    sources: loaded.sources,
    consulted: loaded.consulted ?? [],
    ignoresInUse,
  };
}

/**
 * The host as a unit's load reads it: a member file over the size limit (an include target, a
 * prompt) reads as absent, so it is never parsed; linted as a unit of its own, it gets its
 * core/file-too-large there.
 */
function sizedHost(host: Host, limit: number): Host {
  const sized: Host = {
    readFile: (path) => {
      const text = host.readFile(path);
      return text === undefined || sizeOver(text, limit) !== undefined ? undefined : text;
    },
    readDir: (path) => host.readDir(path),
  };
  if (host.locate) sized.locate = (path) => host.locate!(path);
  if (host.shared) sized.shared = host.shared;
  return sized;
}

function toDiagnostic(d: ReportDescriptor, rule: string, severity: Diagnostic['severity'], main: Source): Diagnostic {
  const source = d.source ?? main;
  const diagnostic = makeDiagnostic(source, spanOf(d.at), rule, severity, d.message);
  if (d.related?.length) {
    diagnostic.related = d.related.map((r) => {
      if ('range' in r) return { path: r.path, span: r.span, range: r.range, message: detached(r.message) };
      const rs = r.source ?? source;
      const span = spanOf(r.at);
      return { path: rs.path, span, range: rangeOf(rs, span), message: detached(r.message) };
    });
  }
  if (d.data)
    diagnostic.data = Object.fromEntries(
      Object.entries(d.data).map(([k, v]) => [k, typeof v === 'string' ? detached(v) : v]),
    );
  if (d.fix) {
    diagnostic.fix = {
      title: detached(d.fix.title),
      edits: d.fix.edits.map((e) => ({ span: spanOf(e.at), newText: detached(e.newText) })),
    };
  }
  return diagnostic;
}

/** Findings made at their default severity (core/*, a dialect's load findings) at the configured one; 'off' ones dropped. */
function configured(diagnostics: readonly Diagnostic[], settings: LintSettings): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const setting = settings.rules[d.rule];
    if (setting === 'off') continue;
    out.push(setting ? { ...d, severity: setting } : d);
  }
  return out;
}

export function internalError(source: Source, where: string, error: unknown): Diagnostic {
  const detail = error instanceof Error ? error.message : String(error);
  return coreFinding(
    source,
    { start: 0, end: 0 },
    INTERNAL_ERROR,
    `orchlint failed while ${where}: ${detail}. This is a bug in orchlint, not in the file: please report it at ${ISSUES_URL} with this message and the file (or a smaller one that fails the same way)`,
  );
}
