import { defineRule } from '@orchlint/core';
import { isTerminal, reachableStates, stringOf, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/no-terminal-reachable',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis: 'derived from RFC 0009: terminal states and engine.budget are how a workflow says it ends',
  summary: 'no terminal state is reachable and no budget is set: nothing says when the workflow ends',
  check(pack, report) {
    const workflow = pack.workflow;
    const entry = stringOf(workflow?.entry);
    if (!workflow || workflow.budget || entry === undefined || !workflow.states.has(entry)) return;
    for (const name of reachableStates(workflow)) if (isTerminal(workflow.states.get(name)!)) return;
    report({
      at: workflow.entry!.node,
      message:
        `no terminal state can be reached from '${entry}' and engine.budget is not set, so nothing in the pack says when ` +
        `the workflow ends; that suits an open-ended conversation, otherwise mark the final state 'terminal: true' or set engine.budget`,
    });
  },
});
