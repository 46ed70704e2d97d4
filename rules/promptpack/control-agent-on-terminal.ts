import { defineRule, entryRemovalSpan } from '@orchlint/core';
import { isTerminal, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/control-agent-on-terminal',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis: 'RFC 0014, validation rule 3: "Validators SHOULD warn on control: agent combined with terminal: true"',
  summary: "'control: agent' on a terminal state has no effect",
  fixable: true,
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      if (!isTerminal(state) || state.control?.value !== 'agent') continue;
      const control = state.control;
      const span = entryRemovalSpan(pack.tree, control);
      report({
        at: control.key ?? control.node,
        message:
          `state '${state.name}' is terminal, so 'control: agent' never gets another round: the workflow ends after ` +
          `this state's prompt; remove 'control', or drop 'terminal: true' if the agent should continue`,
        related: [{ at: state.terminal!.key ?? state.terminal!.node, message: 'the workflow completes here' }],
        ...(span && { fix: { title: "Remove 'control: agent'", edits: [{ at: span, newText: '' }] } }),
      });
    }
  },
});
