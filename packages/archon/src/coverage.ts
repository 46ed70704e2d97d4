import type { Lens } from '@orchlint/core';
import { dryRun, flatOrigins, type DryRunResult } from './dry-run.js';
import { readStubFile } from './stub-file.js';
import type { ArchonNode, StubFixtureModel, WorkflowModel } from './model.js';

/** How often the fixtures' dry runs exercised one node as written in the workflow file. */
export interface NodeCoverage {
  node: ArchonNode;
  /** Runs in which the node (for an include, any node of its block) was entered: it ran, failed or paused. */
  reached: number;
  /** Runs in which its `when:` held, and in which it was false (only for a node with `when:`). */
  whenTrue: number;
  whenFalse: number;
}

export interface EdgeCoverage {
  from: ArchonNode;
  to: ArchonNode;
  /** Runs in which both ends were entered. */
  taken: number;
}

export interface WorkflowCoverage {
  runs: number;
  nodes: NodeCoverage[];
  edges: EdgeCoverage[];
}

/**
 * What a workflow's fixtures exercise: per node written in the file, the runs that reached it and
 * the outcomes of its `when:`; per dependency edge, the runs that took it. A node inlined from an
 * include counts for the include node.
 */
export function workflowCoverage(workflow: WorkflowModel, results: readonly DryRunResult[]): WorkflowCoverage {
  const origins = flatOrigins(workflow);
  const written = (id: string) => {
    const o = origins.get(id);
    return o ? (o.via[0] ?? o.node) : undefined;
  };
  const nodes = new Map<ArchonNode, NodeCoverage>(
    workflow.nodes.map((node) => [node, { node, reached: 0, whenTrue: 0, whenFalse: 0 }]),
  );
  const edges: EdgeCoverage[] = [];
  for (const node of workflow.nodes)
    for (const dep of node.dependsOn) {
      const from = typeof dep.value === 'string' ? node.scope.byId.get(dep.value) : undefined;
      if (from) edges.push({ from, to: node, taken: 0 });
    }
  for (const result of results) {
    const reached = new Set<ArchonNode>();
    const held = new Set<ArchonNode>();
    const failed = new Set<ArchonNode>();
    for (const entry of result.trace) {
      const node = written(entry.nodeId);
      if (!node) continue;
      if (entry.state !== 'skipped') reached.add(node);
      const own = origins.get(entry.nodeId)?.via.length === 0;
      if (own && node.when && entry.state !== 'skipped') held.add(node);
      if (own && entry.reason === 'when_condition_false') failed.add(node);
    }
    for (const node of reached) nodes.get(node)!.reached++;
    for (const node of held) nodes.get(node)!.whenTrue++;
    for (const node of failed) nodes.get(node)!.whenFalse++;
    for (const edge of edges) if (reached.has(edge.from) && reached.has(edge.to)) edge.taken++;
  }
  return { runs: results.length, nodes: [...nodes.values()], edges };
}

/** The workflow's coverage by the given fixtures (its package's), with the fixtures it ran. */
export function workflowFixtureCoverage(
  workflow: WorkflowModel,
  stubFiles: readonly StubFixtureModel[],
): { fixtures: string[]; coverage: WorkflowCoverage } {
  const fixtures = stubFiles.map((f) => ({ path: f.source.path, file: readStubFile(f) }));
  const runs = fixtures.filter((f) => !f.file.rejected).map((f) => dryRun(workflow, { stubs: f.file.stubs }));
  return { fixtures: fixtures.map((f) => f.path), coverage: workflowCoverage(workflow, runs) };
}

/** A code lens above each node of the main file: how many of the package's fixtures reach it, and the when: outcomes they leave unseen. */
export function workflowLenses(workflow: WorkflowModel, stubFiles: readonly StubFixtureModel[]): Lens[] {
  const { fixtures, coverage } = workflowFixtureCoverage(workflow, stubFiles);
  if (!fixtures.length) return [];
  const of = `of ${coverage.runs} fixture${coverage.runs === 1 ? '' : 's'}`;
  return coverage.nodes.flatMap((n) => {
    const at = n.node.idField?.key.node.range ?? n.node.node.range;
    if (!at) return [];
    const reached = n.reached === 0 ? `no fixture reaches '${n.node.id ?? ''}'` : `reached by ${n.reached} ${of}`;
    const unseen = !n.node.when ? [] : [n.whenTrue ? '' : 'true', n.whenFalse ? '' : 'false'].filter(Boolean);
    const when = unseen.length ? `; when: never ${unseen.join(' or ')}` : '';
    return [{ span: { start: at[0], end: at[1] }, title: `${reached}${when}` }];
  });
}
