import type { Span } from '@orchlint/core';
import type { ArchonNode, WorkflowModel } from './model.js';
import type { WhenAtom, WhenProblem, WhenProblemKind } from './when.js';

export interface WhenFinding {
  node: ArchonNode;
  atom: WhenAtom;
  problem: WhenProblem;
  /** The atom's own characters in the file, whatever the scalar style. */
  span: Span;
}

/** Every problem of one kind in every node's `when:`, placed on its atom. */
export function whenFindings(model: WorkflowModel, kind: WhenProblemKind): WhenFinding[] {
  const out: WhenFinding[] = [];
  for (const node of model.nodes) {
    if (!node.when) continue;
    for (const atom of node.when.condition.atoms) {
      for (const problem of atom.problems) {
        if (problem.kind === kind)
          out.push({ node, atom, problem, span: node.when.text.sourceSpan(atom.start, atom.end) });
      }
    }
  }
  return out;
}
