import { readFileSync } from 'node:fs';
import { UsageError } from './discover.js';
import type { JsonReport } from './formatters/json.js';
import { shardOf } from './shard.js';

/**
 * `orchlint merge-reports`: the JSON or SARIF reports of the shards of one run (`--shard i/N`)
 * as the one report an unsharded run writes, byte for byte: files in the run's order (unit by
 * unit, each unit's files in its own order, a packet's prompts as the packet orders them),
 * findings sorted as the run sorts them, one SARIF run whose rules are each described once.
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

/**
 * The files of N shards' reports in the order the unsharded run lists them. A run lists unit after
 * unit in walk order, each unit's main file first, then the files it read that no earlier unit
 * listed; a unit whose main file an earlier one listed is left out. A shard lists its own units the
 * same way, so each shard's list is cut into units (a unit starts at a file that hashes to that
 * shard and comes after the current unit's main file in walk order: every main file does; the
 * files a unit reads mostly do not), and the units of all shards are merged by their main files.
 */
function inRunOrder<T>(lists: readonly T[][], pathOf: (t: T) => string): T[] {
  const units = lists.map((list) => {
    const own = list.length ? shardOf(pathOf(list[0]!), lists.length) : 0;
    const cut: T[][] = [];
    for (const item of list) {
      const main = cut.length ? pathOf(cut[cut.length - 1]![0]!) : undefined;
      const p = pathOf(item);
      if (main === undefined || (shardOf(p, lists.length) === own && comparePaths(p, main) > 0)) cut.push([item]);
      else cut[cut.length - 1]!.push(item);
    }
    return cut;
  });
  const next = units.map(() => 0);
  const listed = new Set<string>();
  const out: T[] = [];
  for (;;) {
    let pick = -1;
    units.forEach((u, i) => {
      if (
        next[i]! < u.length &&
        (pick < 0 || comparePaths(pathOf(u[next[i]!]![0]!), pathOf(units[pick]![next[pick]!]![0]!)) < 0)
      )
        pick = i;
    });
    if (pick < 0) return out;
    const unit = units[pick]![next[pick]!++]!;
    if (listed.has(pathOf(unit[0]!))) continue;
    for (const item of unit) {
      if (listed.has(pathOf(item))) continue;
      listed.add(pathOf(item));
      out.push(item);
    }
  }
}

type SortKey = [path: string, line: number, column: number, rule: string, severity: number, message: string];

/**
 * Sorted and de-duplicated as the run does it (core's sortAndDedupe): by path (as text), line,
 * column, rule, severity, message; a finding repeating the one before it in path, rule, message and
 * range is dropped.
 */
function sortedUnique<T>(items: T[], key: (t: T) => SortKey, same: (t: T) => string): T[] {
  const keyed = items.map((item) => ({ item, k: key(item), s: same(item) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < 6; i++) {
      const p = a.k[i]!;
      const q = b.k[i]!;
      if (p !== q) return typeof p === 'number' ? p - (q as number) : text(p as string, q as string);
    }
    return 0;
  });
  const out: typeof keyed = [];
  for (const e of keyed) if (!out.length || out[out.length - 1]!.s !== e.s) out.push(e);
  return out.map((e) => e.item);
}

function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function mergeJson(reports: JsonReport[]): Merged {
  const files = inRunOrder(
    reports.map((r) => r.files),
    (f) => f.path,
  );
  const diagnostics = sortedUnique(
    reports.flatMap((r) => r.diagnostics),
    (d) => [d.path, d.range.start.line, d.range.start.column, d.rule, rank[d.severity], d.message],
    (d) => JSON.stringify([d.path, d.rule, d.message, d.range]),
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
  const artifacts = inRunOrder(
    runs.map((r) => r.artifacts ?? []),
    (a) => decodeURIComponent(a.location.uri),
  );
  const where = (r: SarifResult) => r.locations[0]!.physicalLocation;
  const results = sortedUnique(
    runs.flatMap((r) => r.results).map((r) => ({ ...r, ruleIndex: index.get(r.ruleId)! })),
    (r) => [
      decodeURIComponent(where(r).artifactLocation.uri),
      where(r).region.startLine,
      where(r).region.startColumn,
      r.ruleId,
      rank[r.level],
      r.message.text,
    ],
    (r) => JSON.stringify([where(r).artifactLocation.uri, r.ruleId, r.message.text, where(r).region]),
  );
  const run = { ...first, tool: { ...first.tool, driver: { ...first.tool.driver, rules } }, artifacts, results };
  const log = { ...logs[0]!, runs: [run] };
  const findings = results.map((r) => ({ rule: r.ruleId, severity: r.level === 'note' ? ('info' as const) : r.level }));
  return { text: JSON.stringify(log, null, 2) + '\n', findings };
}
