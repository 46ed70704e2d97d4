import { CST, Lexer } from 'yaml';
import { matchesGlob, normalizePath, type LintSettings, type RuleIgnore } from './config.js';
import { coreFinding, INVALID_SUPPRESSION, SUPPRESSION_WITHOUT_REASON, UNUSED_SUPPRESSION } from './core-rules.js';
import type { Diagnostic } from './diagnostic.js';
import { didYouMean } from './schema.js';
import type { Source, Span } from './source.js';

/** Findings about suppressions are never themselves suppressed inline (config can turn them off). */
const META_RULES = new Set([UNUSED_SUPPRESSION, INVALID_SUPPRESSION, SUPPRESSION_WITHOUT_REASON]);

export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable-file' | 'disable' | 'enable';

/** One `orchlint-…` comment. Lines are 0-based. */
export interface Directive {
  kind: DirectiveKind;
  rules: Array<{ id: string; span: Span }>;
  reason?: string;
  /** The comment itself. */
  span: Span;
  line: number;
  /** The line a -next-line / -line directive covers. */
  targetLine?: number;
  /**
   * Set when the directive is written inside a YAML block scalar (a `bash: |` script, a prompt): a
   * line of the value there, not a comment, so it silences nothing and is reported where it stands.
   */
  inScalar?: true;
}

const DIRECTIVE = /^(\s*)orchlint-(disable-next-line|disable-line|disable-file|disable|enable)(?![\w-])([\s\S]*)$/;

/**
 * The suppression comments of a file: `#` comments of YAML (and of Markdown front matter, which
 * is YAML), `<!-- … -->` comments of a Markdown body. JSON holds no comments (see config `ignore`).
 */
export function parseDirectives(source: Source): Directive[] {
  const text = source.text;
  if (!text.includes('orchlint-')) return [];
  if (/\.json$/i.test(source.path)) return [];
  const comments: Comment[] = [];
  if (/\.(md|markdown)$/i.test(source.path)) {
    const fm = frontMatterRegion(text);
    if (fm) yamlComments(text.slice(fm.start, fm.end), fm.start, comments);
    htmlComments(text, fm?.end ?? 0, comments);
  } else {
    yamlComments(text, 0, comments);
  }
  const out: Directive[] = [];
  for (const c of comments) {
    const m = DIRECTIVE.exec(text.slice(c.body.start, c.body.end));
    if (!m) continue;
    const kind = m[2] as DirectiveKind;
    const argsStart = c.body.start + m[1]!.length + 'orchlint-'.length + kind.length;
    const args = m[3]!;
    const sep = /(^|\s)--(\s|$)/.exec(args);
    const list = sep ? args.slice(0, sep.index) : args;
    const reason = sep ? args.slice(sep.index + sep[0].length).trim() : '';
    const rules = [...list.matchAll(/[^\s,]+/g)].map((r) => ({
      id: r[0],
      span: { start: argsStart + r.index, end: argsStart + r.index + r[0].length },
    }));
    const line = source.positionAt(c.span.start).line;
    const directive: Directive = {
      kind,
      rules,
      span: c.span,
      line,
      ...(reason ? { reason } : {}),
      ...(c.inScalar ? { inScalar: true as const } : {}),
    };
    if (kind === 'disable-line') directive.targetLine = line;
    if (kind === 'disable-next-line') directive.targetLine = nextContentLine(source, line);
    out.push(directive);
  }
  return out;
}

/** The YAML between a leading `---` line and the next `---` (or `...`) line, if the text opens with one. */
export function frontMatterRegion(text: string): Span | undefined {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^(---|\.\.\.)[ \t]*$/m.exec(text.slice(open[0].length));
  if (!close) return undefined;
  return { start: open[0].length, end: open[0].length + close.index };
}

/** A comment's whole span and its text after the marker; `inScalar` for a `#` line inside a block scalar. */
interface Comment {
  span: Span;
  body: Span;
  inScalar?: boolean;
}

/** A line of a block scalar that reads like a suppression comment (it is the value's text). */
const SCALAR_DIRECTIVE = /^[ \t]*(#[ \t]*orchlint-(?:disable|enable)[^\n]*)$/gm;

/**
 * The `#` comments of YAML text, from yaml's lexer alone (a third of a full parse's cost, and this
 * runs on every keystroke in a file with a directive). Offsets advance as yaml's parser advances
 * them: its control tokens take no room, and the token after a scalar marker is a scalar's text
 * (a block scalar's line starting with `#` is text, not a comment: a directive written there is
 * kept apart, to be reported).
 */
function yamlComments(text: string, offset: number, out: Comment[]): void {
  let at = offset;
  let inScalar = false;
  let blockHeader = false;
  for (const token of new Lexer().lex(text)) {
    if (inScalar) {
      inScalar = false;
      if (blockHeader && token.includes('orchlint-')) {
        for (const m of token.matchAll(SCALAR_DIRECTIVE)) {
          const start = at + m.index + m[0].length - m[1]!.length;
          out.push({
            span: { start, end: start + m[1]!.length },
            body: { start: start + 1, end: start + m[1]!.length },
            inScalar: true,
          });
        }
      }
      blockHeader = false;
    } else if (token === CST.SCALAR) {
      inScalar = true;
      continue;
    } else if (token === CST.DOCUMENT || token === CST.FLOW_END) {
      continue;
    } else if (token.startsWith('#')) {
      out.push({ span: { start: at, end: at + token.length }, body: { start: at + 1, end: at + token.length } });
    } else if (token[0] === '|' || token[0] === '>') {
      blockHeader = true;
    }
    at += token.length;
  }
}

/** `<!-- … -->` in a Markdown body, outside fenced code blocks (where they are examples, not directives). */
function htmlComments(text: string, from: number, out: Comment[]): void {
  const fences: Span[] = [];
  for (const f of text.slice(from).matchAll(/^ {0,3}(```|~~~)[\s\S]*?(^ {0,3}\1|(?![\s\S]))/gm)) {
    fences.push({ start: from + f.index, end: from + f.index + f[0].length });
  }
  for (const m of text.slice(from).matchAll(/<!--([\s\S]*?)-->/g)) {
    const start = from + m.index;
    if (fences.some((f) => start >= f.start && start < f.end)) continue;
    out.push({ span: { start, end: start + m[0].length }, body: { start: start + 4, end: start + 4 + m[1]!.length } });
  }
}

/** The next line holding something other than blanks and comments: what a -next-line directive covers. */
function nextContentLine(source: Source, line: number): number {
  for (let l = line + 1; l < source.lineCount; l++) {
    if (!/^\s*(#.*|<!--.*-->\s*)?$/.test(source.lineText(l))) return l;
  }
  return line + 1;
}

interface Use {
  directive: Directive;
  rule: { id: string; span: Span };
  source: Source;
  used: boolean;
}

/**
 * Drops the findings silenced by the unit's suppression comments and by the config's per-path
 * ignores, then reports what did not hold: unused suppressions, unknown rule ids, and (when the
 * settings require it) suppressions without a reason. `knownRules` are the ids a directive may name.
 * `added` are those new findings, at their default severity.
 */
export function applySuppressions(
  diagnostics: readonly Diagnostic[],
  sources: readonly Source[],
  settings: LintSettings,
  knownRules: readonly string[],
  reportUnused = true,
): { kept: Diagnostic[]; added: Diagnostic[]; ignoresInUse: string[] } {
  const directives = sources.map(parseDirectives);
  if (!settings.ignores?.entries.length && directives.every((d) => !d.length))
    return { kept: [...diagnostics], added: [], ignoresInUse: [] };
  const known = new Set(knownRules);
  const meta: Diagnostic[] = [];
  const bySource = new Map<
    string,
    { fileWide: Use[]; lines: Map<number, Use[]>; ranges: Array<{ use: Use; from: number; to: number }> }
  >();
  const uses: Use[] = [];
  sources.forEach((source, i) => {
    const scope = {
      fileWide: [] as Use[],
      lines: new Map<number, Use[]>(),
      ranges: [] as Array<{ use: Use; from: number; to: number }>,
    };
    bySource.set(source.path, scope);
    const open = new Map<string, { use: Use; from: number }>();
    for (const directive of directives[i]!) {
      if (directive.kind === 'enable') {
        const names = directive.rules.length ? directive.rules.map((r) => r.id) : [...open.keys()];
        for (const id of names) {
          const o = open.get(id);
          if (o) scope.ranges.push({ use: o.use, from: o.from, to: directive.line });
          open.delete(id);
        }
        continue;
      }
      if (directive.inScalar) {
        const ids = directive.rules.map((r) => r.id).join(', ') || 'RULE';
        meta.push(
          coreFinding(
            source,
            directive.span,
            INVALID_SUPPRESSION,
            `this 'orchlint-${directive.kind}' is a line of a block scalar's text (a script, a prompt), not a YAML comment, so it silences nothing; ` +
              `write YAML comments around the key instead: '# orchlint-disable ${ids} -- ${directive.reason ?? 'why'}' on the line before it and '# orchlint-enable ${ids}' after its block`,
          ),
        );
        continue;
      }
      if (!directive.rules.length) {
        meta.push(
          coreFinding(
            source,
            directive.span,
            INVALID_SUPPRESSION,
            `'orchlint-${directive.kind}' names no rule; write the rule id(s) to silence, e.g. 'orchlint-${directive.kind} promptpack/dead-end-state -- why'`,
          ),
        );
        continue;
      }
      if (settings.requireSuppressionReasons && !directive.reason) {
        meta.push(
          coreFinding(
            source,
            directive.span,
            SUPPRESSION_WITHOUT_REASON,
            `this suppression gives no reason; add one after ' -- ' (e.g. '-- reviewed: the loop ends through a tool call')`,
          ),
        );
      }
      for (const rule of directive.rules) {
        if (!known.has(rule.id)) {
          meta.push(
            coreFinding(
              source,
              rule.span,
              INVALID_SUPPRESSION,
              `unknown rule '${rule.id}'${didYouMean(rule.id, knownRules)}; \`orchlint rules\` lists every rule id`,
            ),
          );
          continue;
        }
        const use: Use = { directive, rule, source, used: false };
        uses.push(use);
        if (directive.kind === 'disable-file') scope.fileWide.push(use);
        else if (directive.kind === 'disable') open.set(rule.id, { use, from: directive.line });
        else {
          const list = scope.lines.get(directive.targetLine!) ?? [];
          list.push(use);
          scope.lines.set(directive.targetLine!, list);
        }
      }
    }
    for (const o of open.values()) scope.ranges.push({ use: o.use, from: o.from, to: Infinity });
  });

  const ignores = settings.ignores;
  const ignoreUses = (ignores?.entries ?? []).map((entry) => ({ entry, used: false }));
  const inConfigSpace = configSpace(ignores);

  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (META_RULES.has(d.rule)) {
      kept.push(d);
      continue;
    }
    let silenced = false;
    const line = d.range.start.line;
    const scope = bySource.get(d.path);
    const mark = (u: Use) => {
      if (u.rule.id !== d.rule) return;
      u.used = true;
      silenced = true;
    };
    if (scope) {
      scope.fileWide.forEach(mark);
      scope.lines.get(line)?.forEach(mark);
      for (const r of scope.ranges) if (line > r.from && line <= r.to) mark(r.use);
    }
    if (ignoreUses.length) {
      const configPath = inConfigSpace(d.path);
      for (const u of ignoreUses) {
        if (!ignoreMatches(u.entry, d.rule, configPath, line + 1)) continue;
        u.used = true;
        silenced = true;
      }
    }
    if (!silenced) kept.push(d);
  }

  const off = (rule: string) => !reportUnused || settings.rules[rule] === 'off';
  for (const u of uses) {
    if (u.used || off(u.rule.id)) continue;
    const where =
      u.directive.kind === 'disable-file'
        ? 'in this file'
        : u.directive.kind === 'disable'
          ? 'in its range'
          : 'on the line it covers';
    meta.push(
      coreFinding(
        u.source,
        u.rule.span,
        UNUSED_SUPPRESSION,
        `'orchlint-${u.directive.kind} ${u.rule.id}' silences nothing ${where}; remove it (or the rule id) so it cannot hide a future finding`,
      ),
    );
  }
  // Whether an entry is in use is the run's to say (an entry may match files of other units): each
  // unit tells which positioned entries it used, or cannot judge (it did not load, or their rules are off).
  const ignoresInUse: string[] = [];
  for (const { entry, used } of ignoreUses) {
    if (!entry.at) continue;
    const unjudged = () =>
      entry.rules.every(off) && sources.some((s) => matchesGlob(entry.pattern, inConfigSpace(s.path)));
    if (used || unjudged()) ignoresInUse.push(ignoreKey(entry.at));
  }
  // A `path:LINE` entry naming one file is judged here, by the unit that holds the file.
  for (const u of ignoreUses) {
    if (u.used || u.entry.line === undefined || u.entry.rules.every(off) || isGlob(u.entry.pattern)) continue;
    const source = sources.find((s) => matchesGlob(u.entry.pattern, inConfigSpace(s.path)));
    if (!source) continue;
    const at = u.entry.at;
    if (at) {
      meta.push({
        rule: UNUSED_SUPPRESSION,
        severity: 'warning',
        path: at.path,
        range: at.range,
        span: at.span,
        message:
          `the ignore entry '${u.entry.text}' (${u.entry.rules.join(', ')}) silences nothing on line ${u.entry.line} of ${source.path}; ` +
          'point it at the line of the finding or remove it',
      });
      continue;
    }
    const line = Math.min(u.entry.line - 1, source.lineCount - 1);
    const span = { start: source.offsetAt({ line, character: 0 }), end: source.lineEnd(line) };
    meta.push(
      coreFinding(
        source,
        span,
        UNUSED_SUPPRESSION,
        `the config ignore entry '${u.entry.text}' (${u.entry.rules.join(', ')}) silences nothing on line ${u.entry.line}; ` +
          `point it at the line of the finding or remove it from the config file`,
      ),
    );
  }
  return { kept, added: meta, ignoresInUse };
}

/**
 * The positioned ignore entries that match one of a unit's files: those a unit that produced no
 * findings to judge them by (too large to parse, or it failed) holds in use.
 */
export function ignoresMatching(sources: readonly Source[], settings: LintSettings): string[] {
  const ignores = settings.ignores;
  if (!ignores?.entries.length) return [];
  const inConfigSpace = configSpace(ignores);
  return ignores.entries
    .filter((e) => e.at && sources.some((s) => matchesGlob(e.pattern, inConfigSpace(s.path))))
    .map((e) => ignoreKey(e.at!));
}

/** How a unit names a config ignore entry to the run: where it is written. */
export function ignoreKey(at: NonNullable<RuleIgnore['at']>): string {
  return `${at.path}:${at.span.start}`;
}

/** Whether a config glob holds glob syntax, or is a plain path (which names one file or folder). */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}()!]/.test(pattern);
}

/** A finding's path relative to the config's folder; '../…' when it lies outside. */
function configSpace(ignores: LintSettings['ignores']): (path: string) => string {
  const configDir = normalizePath(ignores?.dir ?? '');
  return (path) => {
    // Reports print a path outside the run's root absolute.
    const full = normalizePath(ignores?.root && !/^([A-Za-z]:)?\//.test(path) ? `${ignores.root}/${path}` : path);
    if (configDir === '') return full;
    return full.startsWith(`${configDir}/`) ? full.slice(configDir.length + 1) : `../${full}`;
  };
}

function ignoreMatches(entry: RuleIgnore, rule: string, configPath: string, line: number): boolean {
  if (!entry.rules.includes(rule)) return false;
  if (entry.line !== undefined && entry.line !== line) return false;
  return !configPath.startsWith('../') && matchesGlob(entry.pattern, configPath);
}
