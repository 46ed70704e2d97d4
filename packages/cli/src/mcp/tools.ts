import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONFIG_NAMES,
  detectDialect,
  renderMermaid,
  ruleDocPath,
  Source,
  type Dialect,
  type LintSettings,
} from '@orchlint/core';
import { dialectById, dialects, rules } from '@orchlint/rules';
import { ConfigError, ConfigResolver } from '../config-file.js';
import { discover, toPosix, UsageError, type Target } from '../discover.js';
import { fixUnit, unifiedDiff, writeChanges } from '../fix.js';
import { type JsonDiagnostic, jsonReport } from '../formatters/json.js';
import { hostFor, lintTarget, lintTargets, readRoot } from '../lint.js';
import { traceUnit } from '../trace/command.js';
import type { TraceOptions } from '../trace/options.js';
import type { NamedUnit } from '../unit.js';
import { ruleInfos } from '../rule-infos.js';
import { ToolError, type Roots } from './roots.js';

/** What the lint, fix and graph tools are pointed at: files and folders inside the roots, or a text with the file name it stands for. */
export interface Subject {
  paths?: string[] | undefined;
  text?: string | undefined;
  fileName?: string | undefined;
  dialect?: string | undefined;
}

export type ReportDiagnostic = JsonDiagnostic;

const knownRuleIds = ruleInfos.map((r) => r.id);
const NO_CONFIG: LintSettings = { rules: {}, targets: {} };

/** The tools' work, confined to the roots: every path is checked by `roots` before anything reads it. */
export class Tools {
  constructor(private readonly roots: Roots) {}

  lint(subject: Subject) {
    const { targets, forced, settingsFor } = this.plan(subject);
    const report = jsonReport(lintTargets(targets, rules, settingsFor, forced));
    return { diagnostics: report.diagnostics, files: report.files, summary: report.summary };
  }

  /** The fixed texts and their diff, as `orchlint --fix` would leave the files; written only with `write`. */
  fix(subject: Subject & { write?: boolean | undefined }) {
    if (subject.write && subject.text !== undefined)
      throw new ToolError('write: true writes files; give paths, not a text (the fixed text is returned either way)');
    const { targets, forced, settingsFor } = this.plan(subject);
    const changes = new Map<string, { before: string; after: string }>();
    const refused: Array<{ path: string; reason: string }> = [];
    const remaining = [];
    for (const target of targets) {
      const settings = settingsFor(target);
      const first = lintTarget(target, rules, settings, forced, hostFor(target));
      const fixed = first.diagnostics.some((d) => d.fix) ? fixUnit(target, first, rules, settings, forced) : undefined;
      for (const [p, change] of fixed?.changes ?? []) changes.set(p, change);
      for (const [p, reason] of fixed?.refused ?? []) refused.push({ path: p, reason });
      remaining.push(...jsonReport({ files: [], diagnostics: (fixed?.outcome ?? first).diagnostics }).diagnostics);
    }
    if (subject.write) writeChanges(changes);
    const files = [...changes].map(([p, c]) => ({ path: p, fixed: c.after }));
    if (subject.text !== undefined && !files.length) files.push({ path: targets[0]!.file, fixed: subject.text });
    return {
      diff: unifiedDiff(changes),
      files,
      written: Boolean(subject.write) && changes.size > 0,
      refused,
      remaining,
    };
  }

  graph(subject: Subject): string {
    const { file, dialect, loaded } = this.oneUnit(
      subject,
      "graph draws one unit: give one file (a pack, a workflow, a packet's prompt_runner_packet.md) or a text",
    );
    if (!dialect.graph) throw new ToolError(`the ${dialect.id} dialect cannot draw graphs`);
    const view = loaded.model === undefined ? undefined : dialect.graph(loaded.model);
    if (!view) throw new ToolError(`${file} has no graph to draw (no workflow, or it does not parse: lint it)`);
    return renderMermaid(view);
  }

  /** `orchlint trace` on one unit: the text and the JSON (Archon: one DryRunResult per run), as the CLI gives them. */
  trace(subject: Subject & { options: Omit<TraceOptions, 'format' | 'coverage'> }) {
    const unit = this.oneUnit(
      subject,
      'trace runs one unit: give one file (a workflow, a stub fixture, a pack, a packet) or a text',
    );
    const stubs = subject.options.stubs;
    try {
      const outcome = traceUnit(unit, {
        ...subject.options,
        ...(stubs !== undefined ? { stubs: toPosix(this.roots.existing(stubs)) } : {}),
        format: 'json',
      });
      if (typeof outcome === 'string') throw new ToolError(`${unit.file}: ${outcome}`);
      return outcome;
    } catch (error) {
      throw asToolError(error);
    }
  }

  /** The one unit a subject names, loaded as lint loads it (a unit file's dialect before a member's). */
  private oneUnit(subject: Subject, refusal: string): NamedUnit {
    const { targets, forced, settingsFor } = this.plan(subject);
    if (targets.length !== 1) throw new ToolError(refusal);
    const target = targets[0]!;
    const text = target.text ?? readFileSync(target.file, 'utf8');
    const dialect =
      forced ??
      detectDialect(dialects, target.file, text, path.resolve(target.file).split(path.sep).join('/'))?.dialect;
    if (!dialect) throw new ToolError(`${target.file} is not a format orchlint knows; give dialect`);
    const host = hostFor(target);
    const { targets: versions } = settingsFor(target);
    return {
      file: target.file,
      dialect,
      loaded: dialect.load(new Source(target.file, text), host, versions),
      host,
      targets: versions,
    };
  }

  /** Which files to read, as what, under which settings: the CLI's discovery and config lookup, bounded by the roots. */
  private plan(subject: Subject): {
    targets: Target[];
    forced: Dialect<any> | undefined;
    settingsFor: (t: Target) => LintSettings;
  } {
    const forced = subject.dialect ? dialectById(subject.dialect) : undefined;
    const configs = new Map<string, ConfigResolver>();
    /** The settings for a target (and whether its config ignores it); a bad config is a tool error. */
    const resolve = (target: Target) => {
      const file = this.configFor(path.resolve(target.file));
      if (!file) return { ignored: false, settings: NO_CONFIG };
      try {
        if (!configs.has(file)) configs.set(file, new ConfigResolver(knownRuleIds, file));
        return configs.get(file)!.resolve(target.file);
      } catch (error) {
        throw asToolError(error);
      }
    };
    let targets: Target[];
    if (subject.text !== undefined) {
      if (subject.paths?.length) throw new ToolError('give either paths or a text, not both');
      if (!subject.fileName)
        throw new ToolError(
          'a text needs fileName: the name decides its format and where its unit reads other files from',
        );
      const file = toPosix(this.roots.named(subject.fileName));
      targets = [{ file, explicit: true, root: path.dirname(file), text: subject.text }];
    } else {
      if (!subject.paths?.length)
        throw new ToolError('give paths (files or folders inside the roots) or a text with its fileName');
      const real = subject.paths.map((p) => this.roots.existing(p));
      try {
        targets = discover(real);
      } catch (error) {
        throw asToolError(error);
      }
    }
    const kept = targets.filter((t) => !resolve(t).ignored);
    for (const target of kept) this.projectInside(target);
    return { targets: kept, forced, settingsFor: (t) => resolve(t).settings };
  }

  /**
   * A unit reads its project's files (an Archon workflow: the includes, commands and fixtures of the
   * folder holding .archon/), which may reach above the root that holds the file: refused, never read.
   */
  private projectInside(target: Target): void {
    const project = readRoot(target);
    if (!existsSync(project) || this.roots.rootOf(realpathSync(project))) return;
    throw new ToolError(
      `${target.file} belongs to the project at ${project}, whose files it reads, and that folder is outside the roots this server may read (${this.roots.list().join(', ')}): declare it a root`,
    );
  }

  /** The nearest config file upward from a file, looking no higher than the root that holds it. */
  private configFor(file: string): string | undefined {
    const root = this.roots.rootOf(file);
    if (!root) return undefined;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const name = CONFIG_NAMES.find((n) => isFile(path.join(dir, n)));
      if (name) return path.join(dir, name);
      if (dir === root || path.dirname(dir) === dir) return undefined;
    }
  }
}

export function listRules(dialect?: string) {
  const listed = [...ruleInfos]
    .filter((r) => !dialect || r.id.startsWith(`${dialect}/`))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => ({
      id: r.id,
      dialect: r.id.split('/')[0]!,
      severity: r.severity,
      fixable: Boolean(r.fixable),
      summary: r.summary,
    }));
  return { rules: listed };
}

/** The rule's doc from the rules folder shipped beside the CLI (summary, basis, bad and good example). */
export function explainRule(id: string) {
  const rule = ruleInfos.find((r) => r.id === id);
  if (!rule) {
    const near = ruleInfos.filter((r) => r.id.split('/')[1] === id || r.id.includes(id)).map((r) => r.id);
    throw new ToolError(
      `no rule '${id}'${near.length ? ` (did you mean ${near.slice(0, 5).join(', ')}?)` : ''}; list_rules lists them`,
    );
  }
  const heading = `# ${rule.id}\n\n${rule.severity} · basis: ${rule.basis}${rule.fixable ? ' · fixable' : ''}\n\n${rule.summary}\n`;
  const docFile = id.startsWith('core/') ? undefined : findUpward(ruleDocPath(id));
  const doc = docFile ? readFileSync(docFile, 'utf8') : heading;
  return {
    id: rule.id,
    dialect: rule.id.split('/')[0]!,
    severity: rule.severity,
    fixable: Boolean(rule.fixable),
    summary: rule.summary,
    basis: rule.basis,
    doc,
  };
}

/** The CLI runs from packages/cli/dist/mcp (built) or bundle/ (bundled): the rules folder is above either. */
function findUpward(relative: string): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function asToolError(error: unknown): unknown {
  if (error instanceof ConfigError)
    return new ToolError(
      `the configuration file ${error.source.path} is invalid: ${error.diagnostics.map((d) => d.message).join('; ')}`,
    );
  if (error instanceof UsageError) return new ToolError(error.message);
  return error;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
