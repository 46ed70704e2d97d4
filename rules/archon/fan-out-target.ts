import { defineRule } from '@orchlint/core';
import type { ArchonNode, WorkflowModel } from '@orchlint/archon';

/** fan_out.max_parallel when not written (dag-node.ts). */
const DEFAULT_MAX_PARALLEL = 5;

/** What makes a workflow able to pause: declared interactive, or a pause node (the load-time grace period makes it interactive). */
function pauses(workflow: WorkflowModel): string | undefined {
  if (workflow.fields.get('interactive')?.value === true) return "declares 'interactive: true'";
  const gate = workflow.nodes.find(
    (n) =>
      n.kind === 'approval' ||
      n.blocks.get(n.kind === 'loop_group' ? 'loop_group' : 'loop')?.byKey.get('interactive')?.value === true,
  );
  return gate && `has a pause node, ${gate.label}`;
}

export default defineRule<WorkflowModel>({
  id: 'archon/fan-out-target',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    "dag-executor.ts fan-out preflight (#2180, #2707): a target that is interactive-class is refused before any child is created; more than one child in the parent checkout of a target that does not declare 'mutates_checkout: false' is refused",
  summary: 'a fan_out whose target workflow may pause, or whose children would share one checkout',
  check(model, report) {
    for (const node of model.nodes) {
      const target = node.subRun;
      const fanOut = node.fields.get('fan_out');
      if (!target || !fanOut) continue;
      const name = `'${target.workflow.name ?? target.shown}'`;
      const related = [
        {
          source: target.source,
          at: target.workflow.fields.get('name')?.node ?? target.workflow.root,
          message: `the target workflow (${target.shown})`,
        },
      ];
      const fail = (when: string, message: string) =>
        report({
          at: node.fields.get('workflow')?.node ?? fanOut.key,
          message: `Archon loads this file, but ${node.label} fails ${when}: ${message}`,
          related,
        });
      const pause = pauses(target.workflow);
      if (pause) {
        fail(
          'on every run',
          `the fan-out target ${name} ${pause}, so it may pause for a person; a fan-out has one approval-gate slot for all its children, ` +
            `so Archon refuses the node before any child starts. Remove the pause from ${name}, or call it from a single (non-fan-out) 'workflow:' node`,
        );
        continue;
      }
      if (sharesCheckout(node, target.workflow)) {
        fail(
          'on every run with more than one item',
          `up to ${maxParallel(node)} children of ${name} would run at once in the parent checkout, and ${name} does not declare ` +
            "'mutates_checkout: false'; concurrent runs on one checkout take a path lock, so all but the first cancel themselves and Archon refuses the node. " +
            `Add 'mutates_checkout: false' to ${name} if it only reads the repository, set 'isolation: worktree' here, or set 'fan_out.max_parallel: 1'`,
        );
      }
    }
  },
});

function maxParallel(node: ArchonNode): number {
  const written = node.blocks.get('fan_out')?.byKey.get('max_parallel')?.value;
  return typeof written === 'number' ? written : DEFAULT_MAX_PARALLEL;
}

function sharesCheckout(node: ArchonNode, target: WorkflowModel): boolean {
  if (node.fields.get('isolation')?.value === 'worktree') return false;
  if (target.fields.get('mutates_checkout')?.value === false) return false;
  if (maxParallel(node) <= 1) return false;
  // A literal list of one item starts one child.
  const items = node.blocks.get('fan_out')?.byKey.get('items');
  return !(items?.size !== undefined && items.size <= 1);
}
