import { fingerprints, ruleDocUrl, type Diagnostic, type Range } from '@orchlint/core';
import type { LintRun } from '../lint.js';
import { version } from '../version.js';
import { jsonChunks, mapped, Streamed, type FormatContext, type RuleInfo } from './report.js';

const level = { error: 'error', warning: 'warning', info: 'note' } as const;
const MAX_TEXT = 1024;

/**
 * SARIF 2.1.0 as GitHub code scanning reads it: the rules that have results in tool.driver.rules
 * (every rule orchlint knows with --sarif-all-rules), each with short and full descriptions, help and
 * a helpUri to its doc; one result per finding with a 1-based region, content fingerprints that
 * survive lines moving, related locations and fixes. A run stopped before linting (an invalid config)
 * is an empty run whose invocation failed, with the findings that stopped it as its notifications.
 */
export function* formatSarif(run: LintRun, context: FormatContext): Generator<string> {
  const results = context.stopped ? [] : run.diagnostics;
  const used = new Set(results.map((d) => d.rule));
  const known = new Map(context.rules.filter((r) => context.allRules || used.has(r.id)).map((r) => [r.id, r]));
  // A finding of a rule this build does not describe still needs a descriptor for ruleIndex.
  for (const d of results)
    if (!known.has(d.rule)) known.set(d.rule, { id: d.rule, severity: d.severity, summary: d.rule, basis: 'unknown' });
  const rules = [...known.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const prints = fingerprints(results, context.source);
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'orchlint',
            version,
            semanticVersion: version,
            informationUri: 'https://github.com/orchlint/orchlint',
            rules: rules.map(descriptor),
          },
        },
        ...(context.stopped ? { invocations: [stoppedInvocation(run.diagnostics)] } : {}),
        columnKind: 'utf16CodeUnits',
        artifacts: new Streamed(
          mapped(run.files, (f) => ({ location: artifact(f.path), properties: { dialect: f.dialect } })),
        ),
        results: new Streamed(mapped(results, (d, i) => result(d, index.get(d.rule)!, prints[i]!))),
      },
    ],
  };
  yield* jsonChunks(log);
  yield '\n';
}

/** An invocation that stopped before linting: what stopped it, each where it is written, as tool notifications. */
function stoppedInvocation(diagnostics: readonly Diagnostic[]) {
  return {
    executionSuccessful: false,
    toolExecutionNotifications: diagnostics.map((d) => ({
      level: level[d.severity],
      message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation: artifact(d.path), region: region(d.range) } }],
      descriptor: { id: d.rule },
    })),
  };
}

/** A security audit's score from its confidence that a finding is exploitable: each one can run code or leak a secret. */
const SECURITY_SEVERITY: Record<string, string> = { high: '8.1', medium: '5.3', low: '3.1' };

function descriptor(rule: RuleInfo) {
  const [dialect, name = rule.id] = rule.id.split('/');
  const summary = clip(rule.summary);
  return {
    id: rule.id,
    name: name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: summary },
    fullDescription: { text: clip(`${rule.summary}. Basis: ${rule.basis}.`) },
    help: {
      text: clip(`${rule.summary}. Basis: ${rule.basis}. See ${ruleDocUrl(rule.id)}`),
      markdown: `${rule.summary}.\n\nBasis: ${rule.basis}.\n\n[Rule documentation](${ruleDocUrl(rule.id)})`,
    },
    helpUri: ruleDocUrl(rule.id),
    defaultConfiguration: { level: level[rule.severity] },
    properties: {
      tags: [
        dialect ?? 'core',
        ...(rule.category === 'security' ? ['security'] : []),
        ...(rule.fixable ? ['fixable'] : []),
      ],
      precision: rule.confidence ?? 'high',
      'problem.severity': rule.severity === 'info' ? 'recommendation' : rule.severity,
      ...(rule.clause ? { clause: rule.clause } : {}),
      // GitHub code scanning ranks security results by this score (>= 7 high, >= 4 medium, else low).
      ...(rule.category === 'security' ? { 'security-severity': SECURITY_SEVERITY[rule.confidence ?? 'high'] } : {}),
    },
  };
}

function result(d: Diagnostic, ruleIndex: number, fingerprint: string) {
  return {
    ruleId: d.rule,
    ruleIndex,
    level: level[d.severity],
    message: { text: d.message },
    locations: [{ physicalLocation: { artifactLocation: artifact(d.path), region: region(d.range) } }],
    partialFingerprints: { primaryLocationLineHash: fingerprint },
    ...(d.related?.length
      ? {
          relatedLocations: d.related.map((r, id) => ({
            id,
            physicalLocation: { artifactLocation: artifact(r.path), region: region(r.range) },
            message: { text: r.message },
          })),
        }
      : {}),
    ...(d.fix
      ? {
          fixes: [
            {
              description: { text: d.fix.title },
              artifactChanges: [
                {
                  artifactLocation: artifact(d.path),
                  replacements: d.fix.edits.map((e) => ({
                    deletedRegion: { charOffset: e.span.start, charLength: e.span.end - e.span.start },
                    ...(e.newText ? { insertedContent: { text: e.newText } } : {}),
                  })),
                },
              ],
            },
          ],
        }
      : {}),
  };
}

/** 1-based lines and columns; the end column is the one after the region, as SARIF counts. */
function region(range: Range) {
  return {
    startLine: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

function artifact(path: string) {
  return { uri: encodeURI(path).replace(/[?#]/g, encodeURIComponent), uriBaseId: '%SRCROOT%' };
}

function clip(s: string): string {
  return s.length <= MAX_TEXT ? s : s.slice(0, MAX_TEXT - 1) + '…';
}
