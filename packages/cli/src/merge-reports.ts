import { readFileSync } from 'node:fs';
import { UsageError } from './discover.js';
import type { JsonReport } from './formatters/json.js';

/**
 * `orchlint merge-reports`: the JSON or SARIF reports of the shards of one run (`--shard i/N`)
 * as the one report an unsharded run writes: files and findings of every shard in the order the
 * run gives them, one SARIF run whose rules are each described once.
 */

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'warning' | 'note';
  message: { text: string };
  locations: Array<{
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
  }>;
}
interface SarifRun {
  tool: { driver: { rules: Array<{ id: string }> } & Record<string, unknown> };
  artifacts: Array<{ location: { uri: string } }>;
  results: SarifResult[];
}
interface SarifLog {
  version: '2.1.0';
  runs: SarifRun[];
}

export interface Merged {
  text: string;
  /** Each finding's rule and severity, for the exit code. */
  findings: Array<{ rule: string; severity: 'error' | 'warning' | 'info' }>;
}

export function mergeReports(files: readonly string[]): Merged {
  if (!files.length) throw new UsageError('merge-reports needs the report files of the shards');
  const reports = files.map(readReport);
  const kinds = new Set(reports.map((r) => r.kind));
  if (kinds.size > 1) throw new UsageError('merge-reports takes reports of one format: all JSON or all SARIF');
  return reports[0]!.kind === 'json'
    ? mergeJson(reports.map((r) => r.report as JsonReport))
    : mergeSarif(reports.map((r) => r.report as SarifLog));
}

function readReport(file: string): { kind: 'json' | 'sarif'; report: unknown } {
  let report: any;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read the report ${file}: ${(error as Error).message}`);
  }
  if (report?.version === 1 && Array.isArray(report.files) && Array.isArray(report.diagnostics))
    return { kind: 'json', report };
  if (
    report?.version === '2.1.0' &&
    Array.isArray(report.runs) &&
    report.runs.every((r: any) => Array.isArray(r?.results) && Array.isArray(r?.tool?.driver?.rules))
  ) {
    return { kind: 'sarif', report };
  }
  throw new UsageError(
    `${file} is not an orchlint JSON or SARIF report (write them with --format json or --format sarif)`,
  );
}

const rank = { error: 0, warning: 1, info: 2, note: 2 } as const;
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Paths in the order a run walks folders: name by name, so `a/b` comes before `a-b`. */
function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return text(x[i]!, y[i]!);
  return x.length - y.length;
}

/** Sorted as the run sorts its findings (path, line, column, rule, severity, message), exact repeats once. */
function sortedUnique<T>(items: T[], key: (t: T) => [string, number, number, string, number, string]): T[] {
  const keyed = items.map((item) => ({ item, k: key(item), s: JSON.stringify(item) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < 6; i++) {
      const p = a.k[i]!;
      const q = b.k[i]!;
      if (p !== q) return typeof p === 'number' ? p - (q as number) : text(p as string, q as string);
    }
    return 0;
  });
  return keyed.filter((e, i) => i === 0 || e.s !== keyed[i - 1]!.s).map((e) => e.item);
}

function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function mergeJson(reports: JsonReport[]): Merged {
  const files = uniqueBy(
    reports.flatMap((r) => r.files),
    (f) => f.path,
  ).sort((a, b) => comparePaths(a.path, b.path));
  const diagnostics = sortedUnique(
    reports.flatMap((r) => r.diagnostics),
    (d) => [d.path, d.range.start.line, d.range.start.column, d.rule, rank[d.severity], d.message],
  );
  const findings = diagnostics.map((d) => ({ rule: d.rule, severity: d.severity }));
  const count = (s: string) => findings.filter((x) => x.severity === s).length;
  const report = {
    version: 1,
    tool: reports[0]!.tool,
    files,
    diagnostics,
    summary: { files: files.length, errors: count('error'), warnings: count('warning'), infos: count('info') },
  };
  return { text: JSON.stringify(report, null, 2) + '\n', findings };
}

function mergeSarif(logs: SarifLog[]): Merged {
  const runs = logs.flatMap((l) => l.runs);
  if (!runs.length) throw new UsageError('the SARIF reports hold no run');
  const first = runs[0]!;
  const rules = uniqueBy(
    runs.flatMap((r) => r.tool.driver.rules),
    (r) => r.id,
  ).sort((a, b) => text(a.id, b.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const artifacts = uniqueBy(
    runs.flatMap((r) => r.artifacts ?? []),
    (a) => a.location.uri,
  ).sort((a, b) => comparePaths(decodeURI(a.location.uri), decodeURI(b.location.uri)));
  const where = (r: SarifResult) => r.locations[0]!.physicalLocation;
  const results = sortedUnique(
    runs.flatMap((r) => r.results).map((r) => ({ ...r, ruleIndex: index.get(r.ruleId)! })),
    (r) => [
      decodeURI(where(r).artifactLocation.uri),
      where(r).region.startLine,
      where(r).region.startColumn,
      r.ruleId,
      rank[r.level],
      r.message.text,
    ],
  );
  const run = { ...first, tool: { ...first.tool, driver: { ...first.tool.driver, rules } }, artifacts, results };
  const log = { ...logs[0]!, runs: [run] };
  const findings = results.map((r) => ({ rule: r.ruleId, severity: r.level === 'note' ? ('info' as const) : r.level }));
  return { text: JSON.stringify(log, null, 2) + '\n', findings };
}
