import type { GraphView } from '@orchlint/core';
import {
  graphNodeId,
  isStubFixture,
  packageFixtures,
  workflowFixtureCoverage,
  type ArchonUnit,
  type WorkflowCoverage,
} from '@orchlint/archon';
import { packFixtureCoverage, type PackCoverage, type PackModel } from '@orchlint/promptpack';
import { discover } from '../discover.js';
import { escapeControls } from '../formatters/report.js';
import { renderMermaid } from '@orchlint/core';
import type { Io } from '../io.js';
import { detectDialect, readTargetText } from '../lint.js';
import { loadNamedUnit, type NamedUnit } from '../unit.js';
import type { TraceOptions } from './options.js';

/** What no fixture of one unit exercises. */
interface UnitReport {
  path: string;
  kind: 'workflow' | 'pack';
  name: string;
  fixtures: string[];
  /** Nodes or states never reached. */
  unreached: string[];
  /** `when:` outcomes never seen: the node and the outcome (Archon only). */
  when: Array<{ node: string; never: 'true' | 'false'; condition: string }>;
  /** Dependency edges or transitions never taken. */
  untaken: Array<{ from: string; to: string; label?: string }>;
  /** Fixture files that could not be read as fixtures (a pack's events file that holds no list), so exercise nothing. */
  unreadable: string[];
  view?: GraphView;
}

/**
 * `orchlint trace --coverage DIR`: per Archon workflow and pack of the folder, the nodes (states),
 * `when:` outcomes and edges (transitions) that no fixture exercises. Fixtures: a package's
 * `fixtures/*.stubs.yaml`; a pack's `fixtures/*.events.yaml`. Informational: exit 0.
 */
export function runCoverage(named: string, options: TraceOptions, io: Io): number {
  const reports: UnitReport[] = [];
  for (const target of discover([named])) {
    const text = readTargetText(target, [])?.text;
    const dialect = text === undefined ? undefined : detectDialect(target, text);
    if (dialect?.id !== 'archon' && dialect?.id !== 'promptpack') continue;
    const unit = loadNamedUnit(target.file, options, io, { verb: 'trace', noun: 'coverage' });
    const report = unitReport(unit);
    if (report) reports.push(report);
  }
  io.stdout(
    options.format === 'json'
      ? `${JSON.stringify({ units: reports.map(({ view, ...r }) => r) })}\n`
      : options.format === 'mermaid'
        ? reports.map((r) => `%% ${escapeControls(r.path)}\n${r.view ? renderMermaid(r.view) : ''}`).join('\n')
        : formatCoverage(reports),
  );
  return 0;
}

function unitReport(unit: NamedUnit): UnitReport | undefined {
  const model = unit.loaded.model;
  if (!model) return undefined;
  if (unit.dialect.id === 'archon') {
    const workflow = model as ArchonUnit;
    if (isStubFixture(workflow)) return undefined;
    const { fixtures, coverage } = workflowFixtureCoverage(
      workflow,
      packageFixtures(workflow, unit.host, unit.targets),
    );
    return archonReport(unit, workflow.label, fixtures, coverage);
  }
  const pack = model as PackModel;
  if (!pack.workflow) return undefined;
  const { fixtures, unreadable, coverage } = packFixtureCoverage(pack, unit.host);
  return packReport(unit, pack, fixtures, unreadable, coverage);
}

function archonReport(unit: NamedUnit, name: string, fixtures: string[], coverage: WorkflowCoverage): UnitReport {
  const label = (n: WorkflowCoverage['nodes'][number]['node']) => graphNodeId(n);
  const report: UnitReport = {
    path: unit.file,
    kind: 'workflow',
    name,
    fixtures,
    unreached: coverage.nodes.filter((n) => n.reached === 0).map((n) => label(n.node)),
    when: coverage.nodes.flatMap((n) => {
      const condition = n.node.when?.located.value;
      if (condition === undefined) return [];
      const never: Array<'true' | 'false'> = [];
      if (n.whenTrue === 0) never.push('true');
      if (n.whenFalse === 0) never.push('false');
      return never.map((outcome) => ({ node: label(n.node), never: outcome, condition }));
    }),
    untaken: coverage.edges.filter((e) => e.taken === 0).map((e) => ({ from: label(e.from), to: label(e.to) })),
    unreadable: [],
  };
  const view = unit.dialect.graph?.(unit.loaded.model);
  if (view) report.view = marked(view, report);
  return report;
}

function packReport(
  unit: NamedUnit,
  pack: PackModel,
  fixtures: string[],
  unreadable: string[],
  coverage: PackCoverage,
): UnitReport {
  const report: UnitReport = {
    path: unit.file,
    kind: 'pack',
    name: 'pack',
    fixtures,
    unreached: [...coverage.states].filter(([, n]) => n === 0).map(([s]) => s),
    when: [],
    untaken: coverage.transitions
      .filter((t) => t.taken === 0)
      .map((t) => ({ from: t.from, to: t.to, label: t.event ?? 'max visits' })),
    unreadable,
  };
  const view = unit.dialect.graph?.(pack);
  if (view) report.view = marked(view, report);
  return report;
}

/** The unit's graph with what no fixture exercises classed 'uncovered' (a when: never seen both ways marks its edges too). */
function marked(view: GraphView, report: UnitReport): GraphView {
  const unreached = new Set(report.unreached);
  const halfWhen = new Set(report.when.map((w) => w.node));
  const untaken = new Set(report.untaken.map((e) => `${e.from}\0${e.to}\0${e.label ?? ''}`));
  return {
    ...view,
    nodes: view.nodes.map((n) => (unreached.has(n.id) ? { ...n, classes: [...(n.classes ?? []), 'uncovered'] } : n)),
    edges: view.edges.map((e) => {
      const key = `${e.from}\0${e.to}\0${report.kind === 'pack' ? (e.label === undefined ? '' : e.label.startsWith('after ') ? 'max visits' : e.label) : ''}`;
      return untaken.has(key) || (report.kind === 'workflow' && halfWhen.has(e.to))
        ? { ...e, classes: [...(e.classes ?? []), 'uncovered'] }
        : e;
    }),
  };
}

function formatCoverage(reports: UnitReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const what = r.kind === 'workflow' ? 'node' : 'state';
    lines.push(`${r.path} (${r.name}): ${r.fixtures.length} fixture${r.fixtures.length === 1 ? '' : 's'}`);
    for (const file of r.unreadable) lines.push(`  ${file} is no list of event names: it exercises nothing`);
    if (!r.fixtures.length) {
      lines.push(
        `  no fixtures (${r.kind === 'workflow' ? "a package's fixtures/*.stubs.yaml" : 'fixtures/*.events.yaml beside the pack'}): nothing is exercised`,
      );
      continue;
    }
    const clean = !r.unreached.length && !r.when.length && !r.untaken.length;
    if (clean) lines.push('  every node, when: outcome and edge is exercised'.replace('node', what));
    if (r.unreached.length) lines.push(`  ${what}s never reached: ${r.unreached.join(', ')}`);
    for (const w of r.when) lines.push(`  when: of '${w.node}' never ${w.never}: ${w.condition}`);
    if (r.untaken.length)
      lines.push(
        `  ${r.kind === 'workflow' ? 'edges' : 'transitions'} never taken: ${r.untaken.map((e) => `${e.from} -${e.label ? `${e.label}-` : ''}> ${e.to}`).join(', ')}`,
      );
  }
  if (!reports.length) lines.push('no Archon workflow or pack with a workflow here');
  return lines.map(escapeControls).join('\n') + '\n';
}
