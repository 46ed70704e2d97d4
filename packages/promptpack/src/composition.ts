import {
  createDigraph,
  cycleThrough,
  cyclicComponents,
  memoized,
  reachability,
  type Digraph,
  type Reachability,
} from '@orchlint/core';
import type { CompositionModel, StepModel } from './model.js';

/** A step with where it sits: top level, or inside a parallel step's branches. */
export interface PlacedStep {
  step: StepModel;
  id: string | undefined;
  /** The parallel step whose branch this is. */
  parent?: PlacedStep;
}

export interface StepGraph {
  /** Every step in document order, nested branches right after their parallel step. */
  steps: PlacedStep[];
  /** Steps by id (the first one, when an id repeats). */
  byId: Map<string, PlacedStep>;
  /**
   * "Waits for" edges between step ids: a step → the step it runs after (its `depends_on`, or the
   * previous top-level step), a branch target → its branch step, a parallel step → its branches.
   */
  graph: Digraph;
}

/** The composition's steps and their order, built once per composition (RFC 0010 step semantics). */
export const stepGraph = memoized((composition: CompositionModel): StepGraph => {
  const steps: PlacedStep[] = [];
  const place = (step: StepModel, parent?: PlacedStep): void => {
    const placed: PlacedStep = { step, id: typeof step.id?.value === 'string' ? step.id.value : undefined, parent };
    steps.push(placed);
    for (const branch of step.branches) place(branch, placed);
  };
  for (const step of composition.steps) place(step);
  const byId = new Map<string, PlacedStep>();
  for (const s of steps) if (s.id !== undefined && !byId.has(s.id)) byId.set(s.id, s);

  const graph = createDigraph();
  for (const id of byId.keys()) graph.addNode(id);
  const edge = (from: string | undefined, to: unknown): void => {
    if (from !== undefined && byId.has(from) && typeof to === 'string' && byId.has(to)) graph.addEdge(from, to);
  };
  let previous: string | undefined;
  for (const s of steps) {
    const deps = s.step.dependsOn;
    for (const dep of deps) edge(s.id, dep.value);
    if (!s.parent && deps.length === 0) edge(s.id, previous);
    if (s.parent) edge(s.parent.id, s.id);
    edge(stringOf(s.step.then), s.id);
    edge(stringOf(s.step.else), s.id);
    if (!s.parent) previous = s.id;
  }
  return { steps, byId, graph };
});

/** Cycles of the step graph, each spelled in run order from its first step in the document (a → b → a). */
export function stepCycles(composition: CompositionModel): string[][] {
  const { graph, byId } = stepGraph(composition);
  const position = (id: string) => byId.get(id)!.step.node.range?.[0] ?? 0;
  return cyclicComponents(graph).map((component) => {
    const first = component.reduce((a, b) => (position(b) < position(a) ? b : a));
    return cycleThrough(graph, first, new Set(component)).reverse();
  });
}

const waitsFor = memoized((composition: CompositionModel): Reachability => reachability(stepGraph(composition).graph));

/**
 * Whether a step may read the output of step `id`: one it runs after, directly or not, or, for a
 * step inside a parallel block, one its parallel step runs after (RFC 0010 rule 11: "a prior step's
 * output"). Answered without a search per step (see reachability).
 */
export function isPriorStep(composition: CompositionModel, placed: PlacedStep, id: string): boolean {
  const { graph, byId } = stepGraph(composition);
  if (placed.id === undefined || id === placed.id) return false;
  const after = waitsFor(composition);
  if (after.reaches(placed.id, id)) return true;
  for (let p = placed.parent; p?.id !== undefined; p = p.parent) {
    for (const n of graph.outNeighbors(p.id)) if (byId.get(n)?.parent !== p && after.reaches(n, id)) return true;
  }
  return false;
}

function stringOf(l: { value: unknown } | undefined): string | undefined {
  return typeof l?.value === 'string' ? l.value : undefined;
}
